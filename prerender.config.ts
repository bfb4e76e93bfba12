/**
 * The sign-in page drawn at build time (used by vite.config.ts), so that its first paint needs no
 * script: once the app is built, a server-side build of app/prerender.tsx renders /login with
 * the app's own components in each language, into dist/web/prerendered/login.{en,fr}.html (index.html
 * with the page inside #root); server/http/web.ts sends the one Accept-Language asks for, and
 * main.tsx hydrates it (app/prerenderedPage.ts says when it cannot).
 *
 * Each page's head also asks at once for what hydrating it needs, which the browser would
 * otherwise find one round trip after another: the route's chunks (modulepreload) and CSS, and
 * its translations (preload, which the app's fetch then takes).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";
import { closure, type Manifest } from "./bench/bundle.ts";
import { LANGUAGES } from "./domain/catalog/languages.ts";
import { PRERENDERED_PAGES, prerenderedFile } from "./prerendered-pages.ts";

type PrerenderModule = typeof import("./app/prerender.tsx");

/** Replaces `search` once in `text`, failing the build if index.html no longer has it. */
function replaceOnce(text: string, search: string, replacement: string): string {
  if (!text.includes(search)) throw new Error(`prerender: index.html has no ${search}`);
  return text.replace(search, () => replacement);
}

/** The file and its brotli and gzip copies, as the build's compression step makes them for the rest. */
function writeCompressed(file: string, content: string): void {
  writeFileSync(file, content);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

async function prerenderInto(appRoot: string, publicDir: string, webDir: string): Promise<void> {
  const serverDir = join(webDir, "..", "prerender-build");
  // The app as a Node module: the client build's own components, CSS module class names included
  // (Vite names them from the file and its content alike in both builds).
  await build({
    configFile: false,
    root: appRoot,
    logLevel: "warn",
    plugins: [react()],
    ssr: { noExternal: true },
    build: {
      ssr: true,
      outDir: serverDir,
      emptyOutDir: true,
      rolldownOptions: { input: { prerender: join(appRoot, "prerender.tsx") } },
    },
  });
  try {
    const app = (await import(pathToFileURL(join(serverDir, "prerender.js")).href)) as PrerenderModule;
    const manifest = JSON.parse(readFileSync(join(webDir, ".vite/manifest.json"), "utf8")) as Manifest;
    const startUp = closure(manifest, "index.html");
    const template = readFileSync(join(webDir, "index.html"), "utf8");

    const check = app.unfitCheckScript();
    const checkFile = `assets/prerender-check-${createHash("sha256").update(check).digest("hex").slice(0, 8)}.js`;
    writeCompressed(join(webDir, checkFile), check);

    mkdirSync(join(webDir, "prerendered"), { recursive: true });
    for (const page of PRERENDERED_PAGES) {
      if (!manifest[page.screen]) throw new Error(`prerender: the build has no chunk for ${page.screen}`);
      const screenFiles = [...closure(manifest, page.screen)].filter((file) => !startUp.has(file));
      for (const language of LANGUAGES) {
        const drawn = await app.prerenderPage(page.path, language, (lng, namespace) =>
          JSON.parse(readFileSync(join(publicDir, "locales", lng, `${namespace}.json`), "utf8")),
        );
        const head = [
          `<style>${app.UNFIT_STYLE}</style>`,
          `<script src="/${checkFile}"></script>`,
          ...screenFiles
            .filter((file) => file.endsWith(".css"))
            .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
          ...screenFiles
            .filter((file) => file.endsWith(".js"))
            .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
          ...drawn.namespaces.map(
            (namespace) =>
              `<link rel="preload" as="fetch" crossorigin href="/locales/${language}/${namespace}.json">`,
          ),
        ];
        // The page is drawn without its scripts: they yield the bandwidth to what the first paint
        // needs (the CSS), rather than the browser holding that paint for them.
        let html = template.replace(
          /<(script type="module"|link rel="modulepreload")/g,
          '<$1 fetchpriority="low"',
        );
        html = replaceOnce(
          html,
          '<html lang="en">',
          `<html lang="${language}" data-mantine-color-scheme="${app.PRERENDERED_COLOR_SCHEME}">`,
        );
        html = replaceOnce(html, "</head>", `${head.join("")}</head>`);
        html = replaceOnce(html, '<div id="root"></div>', `<div id="root">${drawn.html}</div>`);
        writeCompressed(join(webDir, prerenderedFile(page.path, language)), html);
      }
    }
  } finally {
    rmSync(serverDir, { recursive: true, force: true });
  }
}

/** The Vite plugin: draws the pages once the app's build is written. */
export function prerenderedPages(): Plugin {
  let appRoot = "";
  let publicDir = "";
  let webDir = "";
  return {
    name: "kinfile:prerendered-pages",
    apply: "build",
    configResolved(config) {
      appRoot = config.root;
      publicDir = config.publicDir;
      webDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await prerenderInto(appRoot, publicDir, webDir);
    },
  };
}
