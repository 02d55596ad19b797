/**
 * The layout matrix (test/e2e/layout/), its last share: saved cards, Continue and every
 * outcome. layout-forms-1 and -2 run the form in every mode and cart, beside it in the pool.
 */
import { layoutMatrix } from './layout/matrix.ts';
import { isFormState } from './layout/states.ts';

layoutMatrix((state) => !isFormState(state));
