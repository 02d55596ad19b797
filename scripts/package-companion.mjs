#!/usr/bin/env node
// The companion image's layout (the Dockerfile's `companion` target), from the packed packages: after both are
// built, `node scripts/package-companion.mjs <out>` packs them into <out>/vendor and writes
// <out>/package.json: the server package and the widget's (whose contract the companion reads)
// from their tarballs, and the OpenTelemetry packages the server takes as optional peers, so
// that OTEL_EXPORTER_OTLP_ENDPOINT turns traces on in the image as it does elsewhere. Then
// `npm install --omit=dev` in <out> is the whole install.
import { manifestOf, outputFolder, packWorkspaces, writeManifest } from './pack.mjs';

const out = outputFolder('scripts/package-companion.mjs');

const tarballs = packWorkspaces(out);
const server = manifestOf('server');
writeManifest(out, {
  name: 'acquiring-checkout-companion-image',
  version: server.version,
  private: true,
  type: 'module',
  engines: server.engines,
  dependencies: { ...server.peerDependencies, ...tarballs },
});
console.log(`companion laid out in ${out}: npm install --omit=dev there`);
