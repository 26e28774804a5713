# One image for the three services (the command picks which) and a web stage for nginx.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY command-service/package.json command-service/
COPY projection-service/package.json projection-service/
COPY realtime-service/package.json realtime-service/
COPY public-web/package.json public-web/
COPY admin-console/package.json admin-console/
COPY embedded/package.json embedded/
RUN npm ci
COPY . .
RUN npm run build:web

FROM node:20-bookworm-slim AS service
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
CMD ["npx", "tsx", "command-service/src/main.ts"]

FROM nginx:1.27-alpine AS web
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/public-web/dist /usr/share/nginx/html/public-web
COPY --from=build /app/admin-console/dist /usr/share/nginx/html/admin-console
