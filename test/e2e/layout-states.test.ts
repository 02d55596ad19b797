/**
 * The layout matrix (test/e2e/layout/), its second share: saved cards, Continue and every
 * outcome. layout-forms.test.ts runs the form in every mode and cart, beside it in the pool.
 */
import { layoutMatrix } from './layout/matrix.ts';
import { isFormState } from './layout/states.ts';

layoutMatrix((state) => !isFormState(state));
