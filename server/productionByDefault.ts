/**
 * The server runs its libraries' production builds unless NODE_ENV says otherwise: React's server renderer in its
 * development build takes about twice the CPU for each page it renders. `npm run dev` asks for development, and
 * vitest sets "test". Every entry point that starts a server imports this module first, before anything reads
 * NODE_ENV (React is loaded on the first page rendered, Koa when the app is made).
 */
process.env.NODE_ENV ??= "production";

export {};
