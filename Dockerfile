# syntax=docker/dockerfile:1
# One image for both services of docker-compose.yml: the built workspace (mcpscope CLI with
# its web UI, and the demo server). Build: docker build -t mcpscope .
FROM node:20.20-bookworm-slim AS build
WORKDIR /repo
RUN corepack enable
COPY . .
# A host's node_modules and build output must not leak into the image (pnpm's are symlink trees).
RUN find . -name node_modules -prune -exec rm -rf {} + \
 && rm -rf apps/*/dist packages/*/dist .tmp \
 && pnpm install --frozen-lockfile \
 && pnpm build

FROM node:20.20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /repo
COPY --from=build --chown=node:node /repo /repo
USER node
EXPOSE 6274 3001
# Listening beyond loopback inside a container needs --allow-remote; the token comes from
# MCPSCOPE_TOKEN so the URL is known in advance.
ENTRYPOINT ["node", "apps/cli/dist/mcpscope.js"]
CMD ["--demo", "--host", "0.0.0.0", "--allow-remote", "--no-open", "--port", "6274"]
