import { createContext, useContext } from "react";
import stylesheetHref from "~/styles/tailwind.css";

const ID = "app-styles";

/** The stylesheet's text while the server renders a document (app/utils/stylesheet.server.ts). */
const StylesheetContext = createContext<string | null>(null);

export const StylesheetProvider = StylesheetContext.Provider;

// In the browser, the text the server inlined, read back once before hydration: the client
// renders the same <style>, so hydration matches and the CSS never travels twice.
const fromDocument =
  typeof document === "undefined" ? null : (document.getElementById(ID)?.textContent ?? null);

/**
 * The whole stylesheet in the document's <head> (decision 070): no render-blocking request, so a
 * phone paints on the HTML alone. Where nothing was inlined (a test's stub), the file's link.
 */
export function InlineStylesheet() {
  const text = useContext(StylesheetContext) ?? fromDocument;
  if (text == null) return <link rel="stylesheet" href={stylesheetHref} />;
  return <style id={ID} dangerouslySetInnerHTML={{ __html: text }} />;
}
