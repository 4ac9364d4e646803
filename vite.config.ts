import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // Tests and parallel dev servers keep separate local D1/R2 state.
      persistState: process.env.PERSIST_TO ? { path: process.env.PERSIST_TO } : true,
    }),
    reactRouter(),
  ],
  server: { host: "127.0.0.1" },
});
