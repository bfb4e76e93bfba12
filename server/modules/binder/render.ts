import path from "node:path";
import PDFDocument from "pdfkit";
import type { BinderAttachment, BinderBook, BinderEntry, BinderSection, BinderTree } from "./book.ts";

/**
 * Lays a composed binder out with pdfkit: a cover, the first 24 hours, a table of contents with dot
 * leaders, page numbers and links, one chapter per module (a bookmark each, with its sections
 * below), the family tree drawn, the records as label/value rows with their comments, and the list
 * of attached documents. Chapters follow one another on the page; a heading moves to the next page
 * with its first record rather than stay alone at the foot of one.
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
const ACCENT = "#1f4e79";
const TOC_LINE = 18;
/** Room a chapter's title and rule take, and a section's title. */
const CHAPTER_HEADING = 48;
const SECTION_HEADING = 30;
/** A record taller than this may start at the foot of a page and flow onto the next. */
const KEEP_WHOLE = 180;

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
  const mark = (title: string, level: 0 | 1): string => {
    const destination = `d${contents.length}`;
    // XYZ at the line, zoom 0: the reader keeps its zoom.
    doc.addNamedDestination(destination, "XYZ", 0, doc.y, 0);
    contents.push({ title, level, destination, page: pageIndex() });
    return destination;
  };

  if (book.firstHours !== undefined) {
    const firstHours = book.firstHours;
    doc.addPage();
    mark(firstHours.title, 0);
    doc.outline.addItem(firstHours.title);
    chapterHeading(doc, firstHours.title, width);
    doc.font("regular").fontSize(10).fillColor(MUTED).text(firstHours.intro, MARGIN, doc.y, { width });
    drawSections(doc, book, firstHours.sections, width, ensure, () => {});
  }

  // A line for the first page, per chapter and section, and one for the attachments.
  const contentsCount =
    contents.length + book.chapters.reduce((sum, chapter) => sum + 1 + chapter.sections.length, 0) + 1;
  const linesPerPage = Math.floor((doc.page.height - 2 * MARGIN - FOOTER - 40) / TOC_LINE);
  const contentsStart = pageIndex() + 1;
  const contentsPages = Math.max(1, Math.ceil(contentsCount / linesPerPage));
  for (let page = 0; page < contentsPages; page += 1) doc.addPage();
  doc.outline.addItem(book.words.contents);

  // The chapters follow one another: a module with one record does not leave a page nearly empty.
  doc.addPage();
  for (const chapter of book.chapters) {
    const first = chapter.sections[0]?.entries[0];
    const keep =
      chapter.tree !== undefined
        ? treeHeight(chapter.tree)
        : SECTION_HEADING + (first === undefined ? 0 : entryHeight(doc, first, width));
    startChapter(doc, CHAPTER_HEADING + keep, ensure);
    mark(chapter.title, 0);
    const bookmark = doc.outline.addItem(chapter.title);
    chapterHeading(doc, chapter.title, width);
    if (chapter.tree !== undefined) drawTree(doc, chapter.tree, width, ensure);
    drawSections(doc, book, chapter.sections, width, ensure, (title) => {
      mark(title, 1);
      bookmark.addItem(title);
    });
  }

  const firstAttachment = book.attachments[0];
  startChapter(
    doc,
    CHAPTER_HEADING + (firstAttachment === undefined ? 20 : attachmentHeight(doc, firstAttachment, width)),
    ensure,
  );
  mark(book.words.attachments, 0);
  doc.outline.addItem(book.words.attachments);
  chapterHeading(doc, book.words.attachments, width);
  const attachmentPlaces: Place[] = [];
  if (book.attachments.length === 0) {
    doc.font("regular").fontSize(10).fillColor(MUTED).text(book.words.attachmentsNone, { width });
  }
  const nameWidth = width * 0.62;
  for (const attachment of book.attachments) {
    ensure(attachmentHeight(doc, attachment, width));
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

function chapterHeading(doc: PDFKit.PDFDocument, title: string, width: number): void {
  doc.font("bold").fontSize(20).fillColor(INK).text(title, MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(0.8);
}

/** A chapter starts below the previous one, on a new page only when its title and first record do not fit. */
function startChapter(doc: PDFKit.PDFDocument, keep: number, ensure: (height: number) => void): void {
  if (doc.y > doc.page.margins.top + 1) doc.moveDown(1.5);
  ensure(keep);
}

/** The height a record takes, up to KEEP_WHOLE: what is kept together with the heading above it. */
function entryHeight(doc: PDFKit.PDFDocument, entry: BinderEntry, width: number): number {
  const labelWidth = Math.round(width * 0.34);
  const valueWidth = width - labelWidth - 10;
  let height = doc.font("bold").fontSize(11).heightOfString(entry.heading, { width }) + 12;
  doc.font("regular").fontSize(9.5);
  for (const row of entry.rows) {
    height +=
      Math.max(
        doc.heightOfString(row.label, { width: labelWidth }),
        doc.heightOfString(row.value, { width: valueWidth }),
      ) + 2;
    if (height > KEEP_WHOLE) return KEEP_WHOLE;
  }
  return Math.min(height + entry.comments.length * 30, KEEP_WHOLE);
}

function treeHeight(tree: BinderTree): number {
  const first = tree.generations.find((generation) => generation.persons.length > 0);
  return 30 + (first === undefined ? 0 : 16 + 48);
}

function attachmentHeight(doc: PDFKit.PDFDocument, attachment: BinderAttachment, width: number): number {
  const nameWidth = width * 0.62;
  return (
    doc.font("regular").fontSize(10).heightOfString(attachment.name, { width: nameWidth }) +
    doc.fontSize(8.5).heightOfString(attachment.filedUnder, { width: nameWidth }) +
    8
  );
}

/** A band with the product's name, the title, whose file, the day, and what the binder is. */
function drawCover(doc: PDFKit.PDFDocument, book: BinderBook, width: number): void {
  const { cover } = book;
  const band = 150;
  doc.rect(0, 0, doc.page.width, band).fill(ACCENT);
  doc
    .font("bold")
    .fontSize(16)
    .fillColor("#ffffff")
    .text(cover.product, MARGIN, band - 46, { width, characterSpacing: 1 });
  doc.y = doc.page.height * 0.3;
  doc.font("bold").fontSize(34).fillColor(INK).text(cover.heading, MARGIN, doc.y, { width });
  doc.moveDown(0.4);
  doc.rect(MARGIN, doc.y, 64, 3).fill(ACCENT);
  doc.moveDown(1.2);
  doc.font("bold").fontSize(22).fillColor(INK).text(cover.owner, MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  doc.font("regular").fontSize(12).fillColor(MUTED).text(cover.scope, { width });
  doc.text(cover.madeOn, { width });
  doc.moveDown(3);
  doc
    .font("regular")
    .fontSize(11)
    .fillColor(INK)
    .text(cover.about, { width: width * 0.8 });
  doc.moveDown(1);
  doc
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(cover.notice, { width: width * 0.8 });
}

function drawSections(
  doc: PDFKit.PDFDocument,
  book: BinderBook,
  sections: readonly BinderSection[],
  width: number,
  ensure: (height: number) => void,
  onSection: (title: string) => void,
): void {
  for (const section of sections) {
    // A section's title never sits alone at the foot of a page: its first record comes with it.
    const first = section.entries[0];
    ensure(SECTION_HEADING + (first === undefined ? 20 : entryHeight(doc, first, width)));
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
  ensure(entryHeight(doc, entry, width));
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
    const titleRoom = width - indent - numberWidth - 24;
    const titleWidth = Math.min(doc.widthOfString(line.title), titleRoom);
    doc.fillColor(INK).text(line.title, MARGIN + indent, y, {
      width: titleRoom,
      height: TOC_LINE,
      ellipsis: true,
      lineBreak: false,
      goTo: line.destination,
    });
    // Dot leaders from the title to its page number.
    const leaderStart = MARGIN + indent + titleWidth + 6;
    const leaderRoom = MARGIN + width - numberWidth - 6 - leaderStart;
    doc.font("regular");
    const dots = Math.max(0, Math.floor(leaderRoom / doc.widthOfString(" .")));
    doc.fillColor(MUTED).text(" .".repeat(dots), leaderStart, y, { lineBreak: false });
    doc.font(line.level === 0 ? "bold" : "regular").fillColor(INK);
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
