# The hosted demo (npm run start:hosted) as one image. Build: `docker build -t acquiring-demo .`
# Run: `docker run -p 8080:8080 -e PUBLIC_URL=https://demo.example -e DATABASE_URL=postgres://…
#   -e REDIS_URL=redis://… -e DEMO_SECRET=<32+ random characters> -v demo-data:/data acquiring-demo`
# Behind one TLS-terminating proxy, set TRUST_PROXY=1 so the rate limits read the client's address
# from it (the default, false, trusts no X-Forwarded-For).
# compose.yaml runs two of these behind a proxy, on PostgreSQL and Redis.

# Build: every dependency, the widget, the server package and the compiled demo; then the
# production layout from the packed tarballs (demo/package-hosted.mjs) and its install alone.
FROM node:20-slim AS build
WORKDIR /app
# Nothing compiles at install: the SQLite engine is WebAssembly (node-sqlite3-wasm).
COPY package.json package-lock.json ./
COPY widget/package.json widget/
COPY server/package.json server/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && node demo/package-hosted.mjs /hosted \
  && cd /hosted && npm install --omit=dev --no-audit --no-fund \
  && rm -rf vendor

# Run: compiled JavaScript and production dependencies only; no tsx, no build tools, not root.
FROM node:20-slim
WORKDIR /app
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data
COPY --from=build /hosted ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "demo/dist/hosted.js"]
