import { PassThrough, type Transform } from "node:stream";
import { createElement, type ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BatchedHtmlStream, withoutUnfilledViewBytes } from "~/entry.server";

const VIEW = 2048;

function render(element: ReactElement, destination: Transform) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    destination.on("data", (chunk: Buffer) => chunks.push(chunk));
    destination.on("end", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => pipe(destination),
      onShellError: reject,
    });
  });
}

/**
 * Text with two- and three-byte characters, shifted by `padding` bytes. An item is under 64
 * bytes, so across 64 paddings React's 2 KB boundary falls inside each of its characters.
 */
const catalogue = (padding: number) =>
  createElement(
    "ul",
    null,
    "x".repeat(padding),
    Array.from({ length: 80 }, (_, i) =>
      createElement("li", { key: i }, `Perfumería n.º ${i}: ★★★★☆ desde L 1,250.00`),
    ),
  );

describe("BatchedHtmlStream", () => {
  it("passes React's HTML on without the zero bytes React 18 leaves at a 2 KB boundary", async () => {
    let corruptedRenders = 0;
    for (let padding = 0; padding < 64; padding++) {
      const raw = await render(catalogue(padding), new PassThrough());
      const html = await render(catalogue(padding), new BatchedHtmlStream(""));
      if (raw.includes(0)) corruptedRenders++;

      expect(html.includes(0)).toBe(false);
      // The page has no NUL of its own, so React's bytes minus the zeros are the page.
      expect(html.equals(Buffer.from(raw.filter((byte) => byte !== 0)))).toBe(true);
      expect(html.toString("utf8")).not.toContain("\uFFFD");
    }
    // When this fails React no longer pads its views (React 19): withoutUnfilledViewBytes can go.
    expect(corruptedRenders).toBeGreaterThan(0);
  });
});

describe("withoutUnfilledViewBytes", () => {
  const view = (...tail: number[]) =>
    Buffer.concat([Buffer.alloc(VIEW - tail.length, "a"), Buffer.from(tail)]);

  it("drops the 1–3 zero bytes at the end of a full 2 KB view", () => {
    expect(withoutUnfilledViewBytes(view(0x61, 0))).toEqual(Buffer.alloc(VIEW - 1, "a"));
    expect(withoutUnfilledViewBytes(view(0, 0))).toEqual(Buffer.alloc(VIEW - 2, "a"));
    expect(withoutUnfilledViewBytes(view(0, 0, 0))).toEqual(Buffer.alloc(VIEW - 3, "a"));
  });

  it("leaves every other chunk as it is", () => {
    const full = view(0xc3, 0xb1); // a view React filled, ending in "ñ"
    expect(withoutUnfilledViewBytes(full)).toBe(full);
    const short = Buffer.from([0x61, 0]);
    expect(withoutUnfilledViewBytes(short)).toBe(short);
    const large = Buffer.concat([Buffer.alloc(VIEW, "a"), Buffer.from([0])]);
    expect(withoutUnfilledViewBytes(large)).toBe(large);
    // React never leaves more than three (a four-byte character that did not fit).
    expect(withoutUnfilledViewBytes(view(0, 0, 0, 0))).toHaveLength(VIEW - 3);
  });
});
