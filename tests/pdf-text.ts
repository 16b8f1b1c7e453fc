// Reads the text drawn in a PDF (content streams, Flate-compressed or not) so tests
// can assert what a reader would see. Enough for PDFs written by @react-pdf/pdfkit
// with the standard fonts (text as hex or literal strings in TJ/Tj operators).
import zlib from "node:zlib";

function streams(pdf: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf("stream", at, "latin1");
    if (start === -1) break;
    let dataStart = start + 6;
    if (pdf[dataStart] === 0x0d) dataStart++;
    if (pdf[dataStart] === 0x0a) dataStart++;
    const end = pdf.indexOf("endstream", dataStart, "latin1");
    if (end === -1) break;
    const dict = pdf.subarray(Math.max(0, start - 300), start).toString("latin1");
    const raw = pdf.subarray(dataStart, end);
    if (/\/FlateDecode/.test(dict.slice(dict.lastIndexOf("<<")))) {
      try {
        out.push(zlib.inflateSync(raw));
      } catch {
        /* not a content stream we can read (e.g. an image) */
      }
    } else out.push(raw);
    at = end + 9;
  }
  return out;
}

function decodeLiteral(s: string): string {
  return s.replace(/\\([nrtbf()\\]|\d{1,3})/g, (_, e: string) => {
    if (/^\d/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" } as Record<string, string>)[e] ?? e;
  });
}

/** The text of every text-showing operator, in order, one line per TJ/Tj. */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const stream of streams(pdf)) {
    const content = stream.toString("latin1");
    for (const m of content.matchAll(/\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9A-Fa-f\s]*>|\((?:[^)\\]|\\.)*\))\s*Tj/g)) {
      const body = m[1] ?? m[2];
      let text = "";
      for (const part of body.matchAll(/<([0-9A-Fa-f\s]*)>|\(((?:[^)\\]|\\.)*)\)/g)) {
        if (part[1] !== undefined) text += Buffer.from(part[1].replace(/\s+/g, ""), "hex").toString("latin1");
        else text += decodeLiteral(part[2]);
      }
      lines.push(text);
    }
  }
  return lines.join("\n");
}
