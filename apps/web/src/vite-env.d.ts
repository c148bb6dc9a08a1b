/// <reference types="vite/client" />

/** The build id written to dist/version.txt (see vite.config.ts). Used for logging only. */
declare const __ARGO_BUILD_ID__: string;
