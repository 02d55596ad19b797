/** The layout matrix's representative share (layout.ts) in WebKitGTK. */
import { layoutSubset } from './layout.ts';

layoutSubset('webkit');
