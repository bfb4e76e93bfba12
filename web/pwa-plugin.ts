/**
 * The installable app (vite-plugin-pwa, used by vite.config.ts): its web app manifest and the
 * service worker Workbox generates.
 *
 * What the worker keeps: the app shell only (index.html, the start-up JavaScript and CSS, the icons
 * and the manifest), so the installed app opens without a connection and says it is offline
 * (app/pwa/OfflineNotice.tsx). What it never keeps: the API (`/api/*`: every answer is someone's
 * data, some of it secret) and the translations, both NetworkOnly; the screens' own chunks load
 * from the network as they would without it. The share target's POST is answered by the worker
 * itself (public/share-target.js), so the server never receives it. Its navigation fallback is
 * index.html, which draws nothing before the script: the sign-in page the server sends drawn, in
 * the reader's language (prerender-plugin.ts), is never kept (nor its entry, the sign-in island), so the worker can never answer with
 * a stale or wrong-language copy of it; the installed app draws that page itself.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { PluginOption } from "vite";
import { VitePWA, type VitePWAOptions } from "vite-plugin-pwa";
import { closure, type Manifest } from "./vite-manifest.ts";

/** The Kinfile mark's blue (public/favicon.svg, the default theme's primary colour). */
const THEME_COLOR = "#1971c2";

/**
 * Files of the shell that are not in the start-up chunks (public/ and the plugin's own; the plugin
 * adds the manifest itself).
 */
const SHELL_FILES = new Set(["index.html", "favicon.svg", "registerSW.js"]);

/** Keeps the files the first screen needs, by Vite's build manifest, and drops every screen's chunks. */
function appShellOnly(webDir: () => string) {
  return (entries: Array<{ url: string; size: number; revision: string | null }>) => {
    const built = JSON.parse(readFileSync(join(webDir(), ".vite/manifest.json"), "utf8")) as Manifest;
    const startUp = closure(built, "index.html");
    const manifest = entries.filter(
      (entry) => SHELL_FILES.has(entry.url) || entry.url.startsWith("icons/") || startUp.has(entry.url),
    );
    return { manifest };
  };
}

function pwaOptions(webDir: () => string): Partial<VitePWAOptions> {
  return {
    registerType: "autoUpdate",
    injectRegister: "script-defer",
    strategies: "generateSW",
    filename: "sw.js",
    manifestFilename: "manifest.webmanifest",
    // The icons are precached with the shell (appShellOnly), once.
    includeManifestIcons: false,
    manifest: {
      id: "/",
      name: "Kinfile",
      short_name: "Kinfile",
      description: "Kinfile: the file your family needs if something happens to you.",
      lang: "en",
      dir: "ltr",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: THEME_COLOR,
      background_color: "#ffffff",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
      // Share a photo or PDF from the phone straight into the Documents Library.
      share_target: {
        action: "/share-target",
        method: "POST",
        enctype: "multipart/form-data",
        params: { files: [{ name: "file", accept: ["image/*", "application/pdf", ".pdf"] }] },
      },
    },
    workbox: {
      globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
      manifestTransforms: [appShellOnly(webDir)],
      navigateFallback: "/index.html",
      // Addresses the server answers itself, never the app: the API (sign-in callbacks, signed
      // download links) and the health checks.
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/(healthz|readyz)$/],
      runtimeCaching: [{ urlPattern: /^https?:\/\/[^/]+\/(api|locales)\//, handler: "NetworkOnly" }],
      importScripts: ["/share-target.js"],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  };
}

/** The plugins, with the build's output directory (where Vite's manifest lands) known once resolved. */
export function installableApp(): PluginOption[] {
  let webDir = "";
  return [
    {
      name: "kinfile:installable-app-out-dir",
      configResolved(config) {
        webDir = resolve(config.root, config.build.outDir);
      },
    },
    VitePWA(pwaOptions(() => webDir)),
  ];
}
