/**
 * The layout matrix (test/e2e/layout/), the form in every mode and cart, every other one
 * (layout-forms-1 and -2 take turns; layout-states.test.ts runs saved cards, Continue and the
 * outcomes): three files of about equal time, side by side in the pool.
 */
import { layoutMatrix } from './layout/matrix.ts';
import { isFormState } from './layout/states.ts';

layoutMatrix((state, index) => isFormState(state) && index % 2 === 0);
