/** The layout matrix's representative share (layout.ts) in Firefox ESR. */
import { layoutSubset } from './layout.ts';

layoutSubset('firefox');
