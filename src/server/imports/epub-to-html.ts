// An EPUB's reading order as story HTML: the container names the package document, whose spine lists the chapters.
// Only those three kinds of entry are unpacked (never images or fonts), each under the import's text budget.
import { posix } from "node:path";
import { DomUtils, parseDocument } from "htmlparser2";
import type { FileTextBudget } from "./text-budget";
import { bodyOfDocument, decodeText, escapeText, ZIP_MAGIC } from "./read-html";
import { badFile, readZip } from "./safe-zip";

async function readOne(budget: FileTextBudget, bytes: Buffer, path: string): Promise<string | undefined> {
  const file = (await readZip(budget, bytes, (entry) => entry === path)).get(path);
  return file ? decodeText(file) : undefined;
}

/** The spine's chapter paths in reading order (linear, HTML, not the navigation document). */
function spinePaths(pkg: ReturnType<typeof parseDocument>, base: string): string[] {
  const all = (tag: string) => DomUtils.findAll((e) => e.name === tag || e.name.endsWith(`:${tag}`), pkg.children);
  const manifest = new Map(all("item").map((item) => [item.attribs.id, item.attribs] as const));
  const paths: string[] = [];
  for (const ref of all("itemref")) {
    if (ref.attribs.linear === "no") continue;
    const item = manifest.get(ref.attribs.idref);
    if (!item?.href || (item.properties ?? "").split(/\s+/).includes("nav")) continue;
    if (!/html/.test(item["media-type"] ?? "")) continue;
    try {
      paths.push(posix.normalize(posix.join(base, decodeURIComponent(item.href.split("#")[0]!))));
    } catch {}
  }
  return paths;
}

export async function epubToHtml(
  budget: FileTextBudget,
  bytes: Buffer,
): Promise<{ title: string | null; html: string }> {
  const { name } = budget;
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw badFile(name, "it is not an EPUB book.");
  const container = await readOne(budget, bytes, "META-INF/container.xml");
  const opfPath = container
    ? DomUtils.findOne((e) => e.name === "rootfile", parseDocument(container, { xmlMode: true }).children, true)
        ?.attribs["full-path"]
    : undefined;
  const opf = opfPath ? await readOne(budget, bytes, opfPath) : undefined;
  if (!opfPath || !opf) throw badFile(name, "it is not an EPUB book (no package document).");
  const pkg = parseDocument(opf, { xmlMode: true });
  const title = DomUtils.findOne((e) => e.name === "title" || e.name.endsWith(":title"), pkg.children, true);
  const paths = spinePaths(pkg, posix.dirname(opfPath));
  const wanted = new Set(paths);
  const files = await readZip(budget, bytes, (entry) => wanted.has(entry));
  const chapters: string[] = [];
  for (const path of paths) {
    const file = files.get(path);
    if (!file) continue;
    const page = decodeText(file);
    const document = parseDocument(page, { xmlMode: true, decodeEntities: true });
    // A cover, title page or contents page is the book's furniture, not its text.
    const furniture = DomUtils.findOne(
      (e) => /\b(cover|titlepage|toc|landmarks)\b/.test(e.attribs["epub:type"] ?? ""),
      document.children,
      true,
    );
    if (furniture) continue;
    let body = bodyOfDocument(document);
    if (!/<h[12][\s>]/i.test(body)) {
      const pageTitle = DomUtils.textContent(
        DomUtils.findOne((e) => e.name === "title", document.children, true) ?? [],
      );
      body = `<h2>${escapeText(pageTitle.trim() || `Chapter ${chapters.length + 1}`)}</h2>${body}`;
    }
    chapters.push(body);
  }
  if (chapters.length === 0) throw badFile(name, "the book has no chapters we could read.");
  return { title: title ? DomUtils.textContent(title).trim() || null : null, html: chapters.join("") };
}
