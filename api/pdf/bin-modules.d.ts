// `.bin` files are binary Data modules: an ArrayBuffer in the Worker (the Cloudflare Vite
// plugin) and in unit tests (vitest.config.ts loads them the same way).
declare module "*.bin" {
  const bytes: ArrayBuffer;
  export default bytes;
}
