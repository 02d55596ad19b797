// The runtime side of `acquiring-checkout/react` and `acquiring-checkout/vue`: those subpaths hold
// typings alone (dist/types/react.d.ts, vue.d.ts), so importing one at runtime loads nothing.
export {};
