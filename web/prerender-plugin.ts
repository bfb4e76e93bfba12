/**
 * The sign-in page drawn at build time (used by vite.config.ts), so that its first paint needs no
 * script: once the app is built, a server-side build of web/prerender.tsx renders /login with
 * the app's own components in each language, into dist/web/prerendered/login.{en,fr}.html (index.html
 * with the page inside #root and its own entry, the sign-in island, in place of the app's);
 * server/http/web.ts sends the one Accept-Language asks for, and the island hydrates it
 * (app/prerenderedPage.ts says when it cannot).
 *
 * Each page's head also asks at once for what hydrating it needs, which the browser would
 * otherwise find one round trip after another: the entry's chunks (modulepreload) and CSS, and
 * its translations (preload, which the app's fetch then takes). The signed-in screens' index.html
 * asks the same way for the signed-in frame's (SIGNED_IN_FRAME); a few of them (drawn-screens.ts)
 * arrive drawn as they look while their data loads, which the app replaces once it has drawn
 * them anew (app/prerenderedPage.ts).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import type { ResourceKey } from "i18next";
import { build, type Plugin } from "vite";
import { LANGUAGES, type Language } from "../domain/catalog/languages.ts";
import { compileHints } from "./compile-hints-plugin.ts";
import { COMPRESSED, compressedCopies } from "./compressed-copies.ts";
import { DRAWN_SCREENS } from "./drawn-screens.ts";
import {
  drawnScreenFile,
  PRERENDERED_MANIFEST,
  PRERENDERED_PAGES,
  prerenderedFile,
  SIGNED_IN_FRAME,
  signedInFile,
} from "./prerendered-pages.ts";
import { stableMantineIds } from "./stable-ids-plugin.ts";
import { closure, type Manifest } from "./vite-manifest.ts";

type PrerenderModule = typeof import("./prerender.tsx");

/** Replaces `search` once in `text`, failing the build if index.html no longer has it. */
function replaceOnce(text: string, search: string, replacement: string): string {
  if (!text.includes(search)) throw new Error(`prerender: index.html has no ${search}`);
  return text.replace(search, () => replacement);
}

/** HTML's escaping of text (the page's title). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * index.html without the app's entry: its script, its chunks' modulepreload links and its CSS
 * (every file of `startUp`), failing the build if any is missing or left.
 */
function withoutAppEntry(template: string, startUp: ReadonlySet<string>): string {
  let html = template;
  for (const file of startUp) {
    // Built files are named from letters, digits, "-", "_", "/" and ".": only the dots need escaping.
    const tag = new RegExp(`\\s*<(script|link)\\b[^>]*"/${file.replaceAll(".", "\\.")}"[^>]*>(</script>)?`);
    if (!tag.test(html)) throw new Error(`prerender: index.html does not load ${file}`);
    html = html.replace(tag, "");
  }
  if (/<script type="module"|rel="modulepreload"|rel="stylesheet"/.test(html)) {
    throw new Error("prerender: index.html loads more than the app's entry");
  }
  return html;
}

/** The file and its brotli and gzip copies, as the build's compression step makes them for the rest. */
function writeCompressed(file: string, content: string | Uint8Array): void {
  writeFileSync(file, content);
  for (const [suffix, copy] of Object.entries(compressedCopies(content)))
    writeFileSync(`${file}${suffix}`, copy);
}

/**
 * The pages' own entries (prerendered-pages.ts), built apart from the app into the same assets, with
 * a manifest of their own and the compressed copies the app's build makes of its files. Built
 * with the app, the libraries both use (React Router above all: the app's data router and the
 * island's declarative one are one module) would go into chunks both load, each with all that
 * either uses. Their start-up code in one file, as the app's (vite.config.ts says why).
 */
async function buildPageEntries(appRoot: string, webDir: string): Promise<void> {
  const output = await build({
    configFile: false,
    root: appRoot,
    publicDir: false,
    logLevel: "warn",
    plugins: [react(), stableMantineIds(), compileHints({ compressedCopies: false })],
    build: {
      outDir: webDir,
      emptyOutDir: false,
      sourcemap: false,
      manifest: PRERENDERED_MANIFEST,
      rolldownOptions: {
        input: Object.fromEntries(
          PRERENDERED_PAGES.map((page) => [page.entry.replace(/\.tsx$/, ""), join(appRoot, page.entry)]),
        ),
        output: { codeSplitting: { groups: [{ name: "startup", tags: ["$initial"] }] } },
      },
    },
  });
  for (const bundle of [output].flat()) {
    if (!("output" in bundle)) throw new Error("prerender: the pages' entries were not written");
    for (const file of bundle.output) {
      const content = file.type === "chunk" ? file.code : file.source;
      const compressed =
        COMPRESSED.include.test(file.fileName) && Buffer.byteLength(content) >= COMPRESSED.minBytes;
      if (compressed) writeCompressed(join(webDir, file.fileName), content);
    }
  }
}

/**
 * What a head asks for ahead: chunks to run, styles and translations. The chunks come at a low
 * priority, after what the page needs first: a drawn page's styles, or the start-up script of an
 * empty one (asked for at once with them, they slowed it and delayed the first paint in
 * Lighthouse's model of a phone). A drawn page applies its styles at once, and its translations
 * wait too; an empty one only fetches its styles for the chunks that will apply them.
 */
function headStart(
  files: Iterable<string>,
  language: string,
  namespaces: readonly string[],
  page: "drawn" | "empty",
): string[] {
  const all = [...files];
  const style = page === "drawn" ? 'rel="stylesheet"' : 'rel="preload" as="style"';
  const translations = page === "drawn" ? ' fetchpriority="low"' : "";
  return [
    ...all
      .filter((file) => file.endsWith(".js"))
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
    ...all
      .filter((file) => file.endsWith(".css"))
      .map((file) => `<link ${style} crossorigin href="/${file}">`),
    ...namespaces.map(
      (namespace) =>
        `<link rel="preload" as="fetch"${translations} crossorigin href="/locales/${language}/${namespace}.json">`,
    ),
  ];
}

/** A script of the build's own, written once under assets/ with its content's hash in its name. */
function writeScript(webDir: string, name: string, content: string): string {
  const file = `assets/${name}-${createHash("sha256").update(content).digest("hex").slice(0, 8)}.js`;
  writeCompressed(join(webDir, file), content);
  return file;
}

/** A drawn page: `template` with the page's language, colour scheme and title, its head and its #root. */
function drawnPage(
  template: string,
  page: { language: string; scheme: string; title: string },
  head: readonly string[],
  root: string,
): string {
  const { language, scheme, title } = page;
  let html = replaceOnce(template, "<title>Kinfile</title>", `<title>${escapeHtml(title)}</title>`);
  html = replaceOnce(
    html,
    '<html lang="en">',
    `<html lang="${language}" data-mantine-color-scheme="${scheme}">`,
  );
  html = replaceOnce(html, "</head>", `${head.join("")}</head>`);
  return replaceOnce(html, '<div id="root"></div>', root);
}

/** What the build's drawing of the pages needs: the app's server-side module and its files. */
type DrawingContext = {
  app: PrerenderModule;
  webDir: string;
  readNamespace: (language: Language, namespace: string) => ResourceKey;
  /** index.html as the app's build wrote it, and without its entry's tags. */
  indexHtml: string;
  withoutEntry: string;
  /** The check script every drawn page runs first (prerenderedPage.ts). */
  checkFile: string;
};

/**
 * index.html for the signed-in screens (prerendered-pages.ts, SIGNED_IN_FRAME), in each language:
 * the app's own, whose head also asks for the frame's files; and each drawn screen's
 * (drawn-screens.ts), the screen as it looks while its data loads inside the frame
 * (web/prerender.tsx). A drawn screen's styles apply at once; its scripts and translations, the
 * frame's and the screen's, are asked for once the drawing is painted, by a starter script. Files
 * the start-up script loads anyway are left to its own tags on the other screens'.
 */
async function writeSignedInPages(context: DrawingContext, manifest: Manifest): Promise<void> {
  const { app, webDir, readNamespace, indexHtml, withoutEntry, checkFile } = context;
  const startUp = closure(manifest, "index.html");
  const filesOf = (modules: readonly string[]) => {
    const files = new Set<string>();
    for (const module of modules) {
      if (!manifest[module]) throw new Error(`prerender: the build has no chunk for ${module}`);
      for (const file of closure(manifest, module)) if (!startUp.has(file)) files.add(file);
    }
    return [...files];
  };
  const entry = manifest["index.html"]?.file;
  if (!entry) throw new Error("prerender: the build has no start-up script");
  const frameNamespaces = ["common", ...SIGNED_IN_FRAME.namespaces];
  for (const language of LANGUAGES) {
    // "common" is the start-up's own namespace, asked for as soon as the script runs.
    const head = headStart(filesOf(SIGNED_IN_FRAME.modules), language, frameNamespaces, "empty");
    writeCompressed(
      join(webDir, signedInFile(language)),
      replaceOnce(indexHtml, "</head>", `${head.join("")}</head>`),
    );
  }

  // Screens drawn alike (every add form) share their starter, written once.
  const starters = new Map<string, string>();
  for (const screen of DRAWN_SCREENS) {
    const files = [...startUp, ...filesOf([...SIGNED_IN_FRAME.modules, screen.module])];
    const namespaces = [...frameNamespaces, ...screen.namespaces];
    const starterText = app.startAfterPaintScript(
      `/${entry}`,
      files.filter((file) => file.endsWith(".js") && file !== entry).map((file) => `/${file}`),
      namespaces,
    );
    const starter = starters.get(starterText) ?? writeScript(webDir, "start-after-paint", starterText);
    starters.set(starterText, starter);
    for (const language of LANGUAGES) {
      const drawn = await app.prerenderSignedInScreen(screen.path, language, readNamespace);
      const unasked = drawn.namespaces.filter((namespace) => !namespaces.includes(namespace));
      if (unasked.length > 0) {
        throw new Error(
          `prerender: ${screen.path} is drawn with ${unasked.join(", ")}, which it does not ask for`,
        );
      }
      const head = [
        `<style>${app.UNFIT_STYLE}</style>`,
        `<script src="/${checkFile}"></script>`,
        `<script defer src="/${starter}"></script>`,
        // Its styles alone: the starter asks for the rest once the drawing is painted.
        ...headStart(
          files.filter((file) => file.endsWith(".css")),
          language,
          [],
          "drawn",
        ),
      ];
      // The drawing only shows the screen: out of reach of the keyboard, the pointer and assistive
      // technologies, until the app's own drawing, the one the reader uses, takes its place.
      const root = `<div id="${app.DRAWN_SCREEN_ID}" inert aria-hidden="true">${drawn.html}</div><div id="root"></div>`;
      const file = join(webDir, drawnScreenFile(screen.path, language));
      mkdirSync(dirname(file), { recursive: true });
      writeCompressed(
        file,
        drawnPage(
          withoutEntry,
          { language, scheme: app.PRERENDERED_COLOR_SCHEME, title: drawn.title },
          head,
          root,
        ),
      );
    }
  }
}

async function prerenderInto(appRoot: string, publicDir: string, webDir: string): Promise<void> {
  await buildPageEntries(appRoot, webDir);
  const serverDir = join(webDir, "..", "prerender-build");
  // The app as a Node module: the client build's own components, CSS module class names included
  // (Vite names them from the file and its content alike in both builds).
  await build({
    configFile: false,
    root: appRoot,
    logLevel: "warn",
    plugins: [react(), stableMantineIds()],
    ssr: { noExternal: true },
    build: {
      ssr: true,
      outDir: serverDir,
      emptyOutDir: true,
      rolldownOptions: { input: { prerender: join(import.meta.dirname, "prerender.tsx") } },
    },
  });
  try {
    const app = (await import(pathToFileURL(join(serverDir, "prerender.js")).href)) as PrerenderModule;
    const readManifest = (file: string) => JSON.parse(readFileSync(join(webDir, file), "utf8")) as Manifest;
    const manifest = readManifest(PRERENDERED_MANIFEST);
    const appManifest = readManifest(".vite/manifest.json");
    const indexHtml = readFileSync(join(webDir, "index.html"), "utf8");
    mkdirSync(join(webDir, "prerendered"), { recursive: true });
    const template = withoutAppEntry(indexHtml, closure(appManifest, "index.html"));
    const checkFile = writeScript(webDir, "prerender-check", app.unfitCheckScript());
    const readNamespace = (language: Language, namespace: string) =>
      JSON.parse(
        readFileSync(join(publicDir, "locales", language, `${namespace}.json`), "utf8"),
      ) as ResourceKey;
    await writeSignedInPages(
      { app, webDir, readNamespace, indexHtml, withoutEntry: template, checkFile },
      appManifest,
    );

    for (const page of PRERENDERED_PAGES) {
      const entry = manifest[page.entry];
      if (!entry?.isEntry) throw new Error(`prerender: the build has no entry ${page.entry}`);
      const entryFiles = [...closure(manifest, page.entry)];
      for (const language of LANGUAGES) {
        const drawn = await app.prerenderPage(page.path, language, readNamespace);
        // The page is drawn without its scripts: they yield the bandwidth to what the first paint
        // needs (the CSS), rather than the browser holding that paint for them.
        const head = [
          `<style>${app.UNFIT_STYLE}</style>`,
          `<script src="/${checkFile}"></script>`,
          `<script type="module" fetchpriority="low" crossorigin src="/${entry.file}"></script>`,
          ...headStart(
            entryFiles.filter((file) => file !== entry.file),
            language,
            drawn.namespaces,
            "drawn",
          ),
        ];
        const html = drawnPage(
          template,
          { language, scheme: app.PRERENDERED_COLOR_SCHEME, title: drawn.title },
          head,
          `<div id="root">${drawn.html}</div>`,
        );
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
