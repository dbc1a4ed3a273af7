import { Link, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { ProductImage } from "~/components/product-image";
import type { loader as suggestionsLoader } from "~/routes/resources.search-suggestions";
import { formatMoney } from "~/utils/money";

const DEBOUNCE_MS = 150;
/** Storefront §9: the list closes 150 ms after the box loses focus (a click lands first). */
const CLOSE_AFTER_BLUR_MS = 150;

/**
 * The header's search input with suggestions (WAI-ARIA combobox with a listbox). Rendered
 * inside the plain GET form to /catalog, which keeps working without JavaScript. Its code loads
 * when the shopper first reaches for the box (the header's SearchBox), which hands over the
 * text, the focus (`autoFocus`) and whether that text was typed before it loaded (`suggestNow`).
 */
export function SearchCombobox({
  id,
  name,
  defaultValue = "",
  placeholder,
  className,
  autoFocus = false,
  suggestNow = false,
}: {
  id: string;
  name: string;
  defaultValue?: string;
  placeholder?: string;
  className?: string;
  autoFocus?: boolean;
  suggestNow?: boolean;
}) {
  const fetcher = useFetcher<typeof suggestionsLoader>();
  const navigate = useNavigate();
  const listboxId = useId();
  const [text, setText] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounce = useRef<ReturnType<typeof setTimeout>>();
  const closing = useRef<ReturnType<typeof setTimeout>>();

  useEffect(
    () => () => {
      clearTimeout(debounce.current);
      clearTimeout(closing.current);
    },
    [],
  );

  // Text typed while this code was loading gets its suggestions once mounted, debounced as if
  // typed here (a key pressed meanwhile replaces the request with its own).
  const pendingQuery = useRef(suggestNow ? defaultValue.trim() : "");
  useEffect(() => {
    const q = pendingQuery.current;
    pendingQuery.current = "";
    if (!q) return;
    debounce.current = setTimeout(() => {
      fetcher.load(`/resources/search-suggestions?${new URLSearchParams({ q })}`);
    }, DEBOUNCE_MS);
  }, [fetcher]);

  const query = text.trim();
  const data = fetcher.data;
  const suggestions = query && data && "suggestions" in data ? data.suggestions : [];
  const expanded = open && query.length > 0;

  function change(value: string) {
    setText(value);
    setActive(-1);
    setOpen(true);
    clearTimeout(debounce.current);
    const q = value.trim();
    if (!q) return;
    debounce.current = setTimeout(() => {
      fetcher.load(`/resources/search-suggestions?${new URLSearchParams({ q })}`);
    }, DEBOUNCE_MS);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!suggestions.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      // Positions -1 (the text itself) .. n-1, wrapping round.
      const positions = suggestions.length + 1;
      setActive((current) => ((current + 1 + step + positions) % positions) - 1);
    } else if (event.key === "Enter" && expanded && suggestions[active]) {
      event.preventDefault();
      setOpen(false);
      navigate(`/product/${suggestions[active].slug}`);
    } else if (event.key === "Enter") {
      // No suggestion chosen: the form searches the catalogue; the list goes away.
      setOpen(false);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const optionId = (index: number) => `${listboxId}-${index}`;
  return (
    <div className="relative min-w-0 flex-1">
      <input
        id={id}
        type="search"
        name={name}
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        // The box this one replaces had the focus: keep it (the caret goes after the text).
        autoFocus={autoFocus}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={
          expanded && active >= 0 && active < suggestions.length ? optionId(active) : undefined
        }
        onChange={(event) => change(event.currentTarget.value)}
        onKeyDown={keyDown}
        onFocus={() => {
          clearTimeout(closing.current);
          setOpen(true);
        }}
        onBlur={() => {
          closing.current = setTimeout(() => setOpen(false), CLOSE_AFTER_BLUR_MS);
        }}
        className={className}
      />
      <div
        hidden={!expanded}
        className="border-border bg-surface absolute top-full right-0 left-0 z-50 mt-1 overflow-hidden rounded-md border shadow-lg"
      >
        <ul id={listboxId} role="listbox" aria-label="Sugerencias">
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.slug}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={index === active ? "bg-surface-muted" : undefined}
            >
              <Link
                to={`/product/${suggestion.slug}`}
                tabIndex={-1}
                onClick={() => setOpen(false)}
                className="hover:bg-surface-muted flex items-center gap-3 px-3 py-2"
              >
                <span className="size-10 shrink-0 overflow-hidden rounded">
                  <ProductImage imageKey={suggestion.image} alt="" sizes="40px" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{suggestion.name}</span>
                  <span className="text-fg-muted block truncate text-xs">{suggestion.brand}</span>
                </span>
                <span className="text-sm font-semibold">{formatMoney(suggestion.price)}</span>
              </Link>
            </li>
          ))}
        </ul>
        {suggestions.length === 0 ? (
          <p className="text-fg-muted px-3 py-2 text-sm">
            {fetcher.state === "idle" && data?.q === query ? "Sin sugerencias" : "Buscando…"}
          </p>
        ) : null}
      </div>
    </div>
  );
}
