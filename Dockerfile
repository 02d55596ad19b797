# Two images from one build: the hosted demo (the default target, `npm run start:hosted`) and the
# companion alone (`--target companion`: the acquiring-checkout-companion bin, for a merchant whose
# backend is not Node; docs/site/companion/image.md). Both are compiled JavaScript and production
# dependencies only, laid out from the packed packages, run as the node user, with a HEALTHCHECK
# on /readyz.
#
# The demo: `docker build -t acquiring-demo .`
#   `docker run -p 8080:8080 -e PUBLIC_URL=https://demo.example -e DATABASE_URL=postgres://…
#   -e REDIS_URL=redis://… -e DEMO_SECRET=<32+ random characters> -v demo-data:/data acquiring-demo`
#   Behind one TLS-terminating proxy, set TRUST_PROXY=1 so the rate limits read the client's
#   address from it (the default, false, trusts no X-Forwarded-For). compose.yaml runs two of
#   these behind a proxy, on PostgreSQL and Redis.
# The companion: `docker build --target companion -t acquiring-checkout-companion .`
#   `docker run -p 3200:3200 --env-file companion.env acquiring-checkout-companion`, and
#   `docker run --rm --env-file companion.env acquiring-checkout-companion doctor <order_ref>`.
#   examples/python/compose.yaml runs it beside a backend in Python.

# Build: every dependency, both packages, the compiled demo and the docs.
FROM node:20-slim AS build
WORKDIR /app
# Nothing compiles at install: the SQLite engine is WebAssembly (node-sqlite3-wasm).
COPY package.json package-lock.json ./
COPY widget/package.json widget/
COPY server/package.json server/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Each image's layout from the packed tarballs, and its production install alone.
FROM build AS demo-layout
RUN node demo/package-hosted.mjs /out \
  && cd /out && npm install --omit=dev --no-audit --no-fund && rm -rf vendor

FROM build AS companion-layout
RUN node scripts/package-companion.mjs /out \
  && cd /out && npm install --omit=dev --no-audit --no-fund && rm -rf vendor

# What both run as: not root, /data theirs (SQLite, when no DATABASE_URL), healthy while ready.
FROM node:20-slim AS runtime
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
USER node
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

# HOST: every interface of the container; its arguments go to the bin (`doctor`, `--help`).
FROM runtime AS companion
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3200 DATA_DIR=/data
COPY --from=companion-layout /out ./
EXPOSE 3200
ENTRYPOINT ["node", "node_modules/acquiring-checkout-server/dist/bin/companion.js"]

# The last stage: what `docker build .` (and compose.yaml's `build: .`) makes.
FROM runtime AS demo
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data
COPY --from=demo-layout /out ./
EXPOSE 8080
CMD ["node", "demo/dist/hosted.js"]
