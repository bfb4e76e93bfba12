import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * A PDF read back the way a reader sees it (pdfjs, as Firefox does): its pages' text, its
 * bookmarks and its link targets, for the tests of anything that makes PDFs.
 */
export type ReadPdf = {
  pageCount: number;
  /** Each page's text, items joined by spaces. */
  pages: string[];
  /** The whole text, pages joined by newlines. */
  text: string;
  /** The bookmarks, depth-first: "Title" at the top, "  Title" one level down. */
  outline: string[];
  /** The title in the document information. */
  title: string | undefined;
};

type OutlineNode = { title: string; items: OutlineNode[] };

function flatten(nodes: readonly OutlineNode[], depth: number): string[] {
  return nodes.flatMap((node) => [`${"  ".repeat(depth)}${node.title}`, ...flatten(node.items, depth + 1)]);
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  // pdfjs takes ownership of the buffer it is given: pass a copy.
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 })
    .promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ("str" in item ? item.str : ""))
          .join(" ")
          .replace(/\s+/g, " ")
          .trim(),
      );
    }
    const outline = ((await pdf.getOutline()) ?? []) as OutlineNode[];
    const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
    return {
      pageCount: pdf.numPages,
      pages,
      text: pages.join("\n"),
      outline: flatten(outline, 0),
      title: info.Title,
    };
  } finally {
    await pdf.destroy();
  }
}
