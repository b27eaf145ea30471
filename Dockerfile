# The production image: `docker compose up -d --build` (docker-compose.yml) or `docker build -t backoffice .`.
# Runs NODE_ENV=production: it needs DATABASE_URL and the settings of .env.example, and refuses to start without them.
ARG NODE_IMAGE=node:26-trixie-slim

# Everything built: the definitions, the API and the admin's static files.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY resources/package.json resources/
COPY api/package.json api/
COPY admin/package.json admin/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY resources resources
COPY api api
COPY admin admin
RUN npm run build

# The API's production dependencies alone, installed from the lockfile.
FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY resources/package.json resources/
COPY api/package.json api/
COPY admin/package.json admin/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace=api --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=dependencies /app/node_modules node_modules
COPY --from=dependencies /app/package.json package.json
COPY --from=build /app/resources/package.json resources/package.json
COPY --from=build /app/resources/dist resources/dist
COPY --from=build /app/api/package.json api/package.json
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/api/migrations api/migrations
COPY --from=build /app/admin/dist admin/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "api/dist/src/main.js"]
