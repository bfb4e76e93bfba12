import path from "node:path";
import PDFDocument from "pdfkit";
import type { BinderBook, BinderChapter, BinderEntry, BinderTree } from "./book.ts";

/**
 * Lays a composed binder out with pdfkit: a cover, a table of contents with page numbers and
 * links, one chapter per module (a bookmark each, with its sections below), the family tree drawn,
 * the records as label/value rows with their comments, and the list of attached documents.
 *
 * The contents come before the chapters but their page numbers are known only after them, so the
 * pages are buffered (`bufferPages`): the contents' pages are reserved, filled at the end with the
 * page footers, and only then is the document written out.
 */

/** The embedded fonts: pdfkit's built-in ones are WinAnsi only and names come in any script. */
export function binderFonts(fontsDir: string): { regular: string; bold: string } {
  return { regular: path.join(fontsDir, "DejaVuSans.ttf"), bold: path.join(fontsDir, "DejaVuSans-Bold.ttf") };
}

type Fonts = ReturnType<typeof binderFonts>;

const MARGIN = 54;
const FOOTER = 28;
const INK = "#1a1a1a";
const MUTED = "#555555";
const RULE = "#bbbbbb";
const TOC_LINE = 18;

/** A laid-out binder: its pdfkit document (end() already called) and its own number of pages. */
export type RenderedBinder = { pdf: PDFKit.PDFDocument; pages: number };

type Place = { page: number; y: number };
type ContentsLine = { title: string; level: 0 | 1; destination: string; page: number };

export function renderBinder(book: BinderBook, fonts: Fonts): RenderedBinder {
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: book.language,
    displayTitle: true,
    info: { Title: book.title, Creator: "Kinfile" },
  });
  // By name only: pdfkit caches a font under the name it is asked by, but not when a font of the
  // same PostScript name is already open (as `font: path` would make DejaVu Sans), and would then
  // read the file again at every change of font.
  doc.registerFont("regular", fonts.regular);
  doc.registerFont("bold", fonts.bold);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const pageIndex = () => doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  drawCover(doc, book, width);

  const contents: ContentsLine[] = [];
  // A line per chapter and section, and one for the attachments.
  const contentsCount = book.chapters.reduce((sum, chapter) => sum + 1 + chapter.sections.length, 0) + 1;
  const linesPerPage = Math.floor((doc.page.height - 2 * MARGIN - FOOTER - 40) / TOC_LINE);
  const contentsStart = pageIndex() + 1;
  const contentsPages = Math.max(1, Math.ceil(contentsCount / linesPerPage));
  for (let page = 0; page < contentsPages; page += 1) doc.addPage();
  doc.outline.addItem(book.words.contents);

  const mark = (title: string, level: 0 | 1): string => {
    const destination = `d${contents.length}`;
    // XYZ at the line, zoom 0: the reader keeps its zoom.
    doc.addNamedDestination(destination, "XYZ", 0, doc.y, 0);
    contents.push({ title, level, destination, page: pageIndex() });
    return destination;
  };

  for (const chapter of book.chapters) {
    doc.addPage();
    mark(chapter.title, 0);
    const bookmark = doc.outline.addItem(chapter.title);
    doc.font("bold").fontSize(20).fillColor(INK).text(chapter.title, { width });
    rule(doc, width);
    if (chapter.tree !== undefined) drawTree(doc, chapter.tree, width, ensure);
    drawSections(doc, book, chapter, width, ensure, (title) => {
      mark(title, 1);
      bookmark.addItem(title);
    });
  }

  doc.addPage();
  mark(book.words.attachments, 0);
  doc.outline.addItem(book.words.attachments);
  doc.font("bold").fontSize(20).fillColor(INK).text(book.words.attachments, { width });
  rule(doc, width);
  const attachmentPlaces: Place[] = [];
  if (book.attachments.length === 0) {
    doc.font("regular").fontSize(10).fillColor(MUTED).text(book.words.attachmentsNone, { width });
  }
  for (const attachment of book.attachments) {
    doc.font("regular").fontSize(10);
    const nameWidth = width * 0.62;
    const height =
      doc.heightOfString(attachment.name, { width: nameWidth }) +
      doc.fontSize(8.5).heightOfString(attachment.filedUnder, { width: nameWidth }) +
      8;
    ensure(height);
    const top = doc.y;
    attachmentPlaces.push({ page: pageIndex(), y: top });
    doc.font("regular").fontSize(10).fillColor(INK).text(attachment.name, MARGIN, top, { width: nameWidth });
    doc.fontSize(8.5).fillColor(MUTED).text(attachment.filedUnder, MARGIN, doc.y, { width: nameWidth });
    doc.y += 6;
  }

  const pages = pageIndex() + 1;
  const total = pages + book.attachments.reduce((sum, attachment) => sum + attachment.appendedPages, 0);
  fillContents(doc, book, contents, contentsStart, linesPerPage, width);
  fillAttachmentPages(doc, book, attachmentPlaces, pages, width);
  drawFooters(doc, book, pages, total);
  doc.end();
  return { pdf: doc, pages };
}

function rule(doc: PDFKit.PDFDocument, width: number): void {
  doc.moveDown(0.3);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.8);
}

function drawCover(doc: PDFKit.PDFDocument, book: BinderBook, width: number): void {
  doc.y = doc.page.height * 0.3;
  doc.font("bold").fontSize(30).fillColor(INK).text(book.cover.heading, MARGIN, doc.y, { width });
  doc.moveDown(0.6);
  doc.font("regular").fontSize(13).fillColor(INK);
  for (const line of book.cover.lines) doc.text(line, { width });
  doc.moveDown(2);
  doc.fontSize(9.5).fillColor(MUTED).text(book.cover.notice, { width });
}

function drawSections(
  doc: PDFKit.PDFDocument,
  book: BinderBook,
  chapter: BinderChapter,
  width: number,
  ensure: (height: number) => void,
  onSection: (title: string) => void,
): void {
  for (const section of chapter.sections) {
    // A section's title never sits alone at the foot of a page.
    ensure(70);
    doc.moveDown(0.6);
    onSection(section.title);
    doc.font("bold").fontSize(14).fillColor(INK).text(section.title, MARGIN, doc.y, { width });
    doc.moveDown(0.4);
    if (section.entries.length === 0) {
      doc.font("regular").fontSize(10).fillColor(MUTED).text(book.words.empty, { width });
    }
    for (const entry of section.entries) drawEntry(doc, book, entry, width, ensure);
  }
}

function drawEntry(
  doc: PDFKit.PDFDocument,
  book: BinderBook,
  entry: BinderEntry,
  width: number,
  ensure: (height: number) => void,
): void {
  const labelWidth = Math.round(width * 0.34);
  const valueX = MARGIN + labelWidth + 10;
  const valueWidth = width - labelWidth - 10;
  ensure(50);
  doc.moveDown(0.3);
  doc.font("bold").fontSize(11).fillColor(INK).text(entry.heading, MARGIN, doc.y, { width });
  doc.moveDown(0.2);
  for (const row of entry.rows) {
    doc.font("regular").fontSize(9.5);
    const height = Math.max(
      doc.heightOfString(row.label, { width: labelWidth }),
      doc.heightOfString(row.value, { width: valueWidth }),
    );
    // A long value (notes) flows onto the next page; a short row is kept whole.
    ensure(Math.min(height, 120));
    const top = doc.y;
    doc.fillColor(MUTED).text(row.label, MARGIN, top, { width: labelWidth });
    const labelPage = doc.page;
    const labelBottom = doc.y;
    doc.fillColor(INK).text(row.value, valueX, top, { width: valueWidth });
    if (doc.page === labelPage) doc.y = Math.max(doc.y, labelBottom);
    doc.y += 2;
  }
  if (entry.comments.length > 0) {
    ensure(30);
    doc.moveDown(0.2);
    doc
      .font("bold")
      .fontSize(9)
      .fillColor(MUTED)
      .text(book.words.comments, valueX, doc.y, { width: valueWidth });
    for (const comment of entry.comments) {
      doc.font("regular").fontSize(8.5).fillColor(MUTED).text(`${comment.author}, ${comment.time}`, {
        width: valueWidth,
      });
      doc.fontSize(9.5).fillColor(INK).text(comment.text, { width: valueWidth });
      doc.moveDown(0.2);
    }
  }
  doc.x = MARGIN;
  doc.moveDown(0.5);
}

/** Boxes, a row per generation from the eldest, joined by a line down the middle. */
function drawTree(
  doc: PDFKit.PDFDocument,
  tree: BinderTree,
  width: number,
  ensure: (height: number) => void,
): void {
  const boxHeight = 38;
  const gap = 10;
  const perRow = 4;
  const boxWidth = (width - gap * (perRow - 1)) / perRow;
  const middle = MARGIN + width / 2;
  doc.font("bold").fontSize(14).fillColor(INK).text(tree.title, MARGIN, doc.y, { width });
  doc.moveDown(0.5);
  let previousBottom: number | null = null;
  for (const generation of tree.generations) {
    if (generation.persons.length === 0) continue;
    const rows = Math.ceil(generation.persons.length / perRow);
    ensure(16 + rows * (boxHeight + gap));
    if (previousBottom !== null && previousBottom < doc.y) {
      doc
        .moveTo(middle, previousBottom)
        .lineTo(middle, doc.y + 14)
        .lineWidth(1)
        .strokeColor(RULE)
        .stroke();
    }
    doc.font("regular").fontSize(8.5).fillColor(MUTED).text(generation.label, MARGIN, doc.y, { width });
    let top = doc.y + 2;
    for (let row = 0; row < rows; row += 1) {
      const persons = generation.persons.slice(row * perRow, (row + 1) * perRow);
      const rowWidth = persons.length * boxWidth + (persons.length - 1) * gap;
      let x = MARGIN + (width - rowWidth) / 2;
      for (const person of persons) {
        doc.roundedRect(x, top, boxWidth, boxHeight, 4).lineWidth(0.75).strokeColor(INK).stroke();
        doc
          .font("bold")
          .fontSize(9)
          .fillColor(INK)
          .text(person.name, x + 4, top + 5, {
            width: boxWidth - 8,
            height: 13,
            ellipsis: true,
            align: "center",
          });
        doc
          .font("regular")
          .fontSize(8)
          .fillColor(MUTED)
          .text(person.relation, x + 4, top + 21, {
            width: boxWidth - 8,
            height: 12,
            ellipsis: true,
            align: "center",
          });
        x += boxWidth + gap;
      }
      top += boxHeight + gap;
    }
    doc.x = MARGIN;
    doc.y = top;
    previousBottom = top - gap;
  }
  doc.moveDown(0.5);
}

function fillContents(
  doc: PDFKit.PDFDocument,
  book: BinderBook,
  lines: readonly ContentsLine[],
  start: number,
  perPage: number,
  width: number,
): void {
  lines.forEach((line, index) => {
    const onPage = index % perPage;
    if (onPage === 0) {
      doc.switchToPage(start + Math.floor(index / perPage));
      doc.y = MARGIN;
      doc.font("bold").fontSize(20).fillColor(INK).text(book.words.contents, MARGIN, MARGIN, { width });
    }
    const y = MARGIN + 40 + onPage * TOC_LINE;
    const indent = line.level === 0 ? 0 : 16;
    const number = String(line.page + 1);
    doc.font(line.level === 0 ? "bold" : "regular").fontSize(line.level === 0 ? 11 : 10);
    const numberWidth = doc.widthOfString(number);
    doc.fillColor(INK).text(line.title, MARGIN + indent, y, {
      width: width - indent - numberWidth - 12,
      height: TOC_LINE,
      ellipsis: true,
      lineBreak: false,
      goTo: line.destination,
    });
    doc.text(number, MARGIN + width - numberWidth, y, { lineBreak: false, goTo: line.destination });
  });
}

function fillAttachmentPages(
  doc: PDFKit.PDFDocument,
  book: BinderBook,
  places: readonly Place[],
  pages: number,
  width: number,
): void {
  let next = pages + 1;
  book.attachments.forEach((attachment, index) => {
    const place = places[index];
    if (place === undefined) return;
    doc.switchToPage(place.page);
    const label = attachment.appendedPages > 0 ? book.words.appendedAt(next) : book.words.notAppended;
    next += attachment.appendedPages;
    doc.font("regular").fontSize(9).fillColor(MUTED);
    doc.text(label, MARGIN + width * 0.64, place.y, {
      width: width * 0.36,
      align: "right",
      lineBreak: false,
    });
  });
}

/** "3 / 12" at the foot of every page but the cover; total counts the appended documents' pages. */
function drawFooters(doc: PDFKit.PDFDocument, book: BinderBook, pages: number, total: number): void {
  for (let page = 1; page < pages; page += 1) {
    doc.switchToPage(page);
    const { bottom } = doc.page.margins;
    // Writing below the bottom margin would start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font("regular")
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(book.words.pageOf(page + 1, total), MARGIN, doc.page.height - MARGIN, {
        width: doc.page.width - 2 * MARGIN,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}
