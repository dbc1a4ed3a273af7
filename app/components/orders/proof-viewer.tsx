import { useRef, useState, type KeyboardEvent } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";

const ZOOM_STEP = 1.5;
const MIN_SCALE = 0.1;
const MAX_SCALE = 4;

type Size = { width: number; height: number };

/**
 * A payment proof to check by eye (issue 8): bank references and amounts are small print on a
 * phone photo. Without JS the thumbnail links to the full image in its own tab. With JS the
 * same thumbnail opens a modal <dialog> (the browser traps focus and closes it on Escape) with
 * the image at full resolution, zoom buttons and +/- keys, and scrollbars (wheel, arrow keys) to
 * pan.
 * Zoom is a CSS transform inside a box of the scaled size, so nothing but that box is laid out
 * again on an office PC. Proofs are always WebP images (storeProof re-encodes every upload).
 */
export function ProofViewer({
  src,
  alt,
  thumbnailClassName,
  lazy = false,
}: {
  src: string;
  alt: string;
  thumbnailClassName: string;
  /** For a list of proofs (the queue): thumbnails below the fold load when scrolled to. */
  lazy?: boolean;
}) {
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [natural, setNatural] = useState<Size | null>(null);
  const [scale, setScale] = useState(1);

  const thumbnail = (
    <img src={src} alt={alt} loading={lazy ? "lazy" : undefined} className={thumbnailClassName} />
  );
  if (!hydrated) {
    return (
      <a href={src} target="_blank" rel="noreferrer">
        {thumbnail}
      </a>
    );
  }

  /** The scale at which the whole image fits the viewport, never past its own size. */
  function fitScale(size: Size) {
    const viewport = viewportRef.current;
    if (!viewport || viewport.clientWidth === 0 || viewport.clientHeight === 0) return 1;
    return Math.min(1, viewport.clientWidth / size.width, viewport.clientHeight / size.height);
  }
  const fit = () => {
    if (natural) setScale(fitScale(natural));
  };
  const zoomBy = (factor: number) =>
    setScale((current) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, current * factor)));

  function onKeyDown(event: KeyboardEvent) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const actions: Record<string, () => void> = {
      "+": () => zoomBy(ZOOM_STEP),
      "=": () => zoomBy(ZOOM_STEP),
      "-": () => zoomBy(1 / ZOOM_STEP),
      "0": fit,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label="Ampliar comprobante"
        aria-haspopup="dialog"
        className="cursor-zoom-in rounded-lg"
        onClick={() => {
          setOpen(true);
          dialogRef.current?.showModal();
        }}
      >
        {thumbnail}
      </button>
      <dialog
        ref={dialogRef}
        aria-label={alt}
        onClose={() => {
          setOpen(false);
          setNatural(null);
          triggerRef.current?.focus();
        }}
        onKeyDown={onKeyDown}
        className="bg-canvas text-fg m-auto h-[calc(100dvh-2rem)] max-h-none w-[calc(100vw-2rem)] max-w-none rounded-xl p-0 shadow-xl backdrop:bg-black/60"
      >
        <div className="flex h-full flex-col">
          <div className="border-border flex flex-wrap items-center gap-2 border-b p-2">
            <Button type="button" variant="secondary" size="sm" onClick={() => zoomBy(ZOOM_STEP)}>
              Acercar
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => zoomBy(1 / ZOOM_STEP)}
            >
              Alejar
            </Button>
            <Button type="button" variant="secondary" size="sm" onClick={fit}>
              Ajustar
            </Button>
            <output aria-label="Zoom" className="text-fg-muted w-14 text-sm tabular-nums">
              {natural ? `${Math.round(scale * 100)} %` : ""}
            </output>
            <Button
              type="button"
              size="sm"
              className="ml-auto"
              onClick={() => dialogRef.current?.close()}
            >
              Cerrar
            </Button>
          </div>
          <div
            ref={viewportRef}
            // Focusable, so the arrow keys pan a zoomed proof.
            tabIndex={0}
            role="region"
            aria-label="Comprobante ampliado"
            className="flex-1 overflow-auto"
          >
            {open ? (
              // The box takes the scaled size so the scrollbars pan exactly over the image.
              <div
                className="m-auto overflow-hidden"
                style={
                  natural
                    ? { width: natural.width * scale, height: natural.height * scale }
                    : undefined
                }
              >
                <img
                  src={src}
                  alt={alt}
                  draggable={false}
                  className="max-w-none origin-top-left select-none"
                  style={natural ? { transform: `scale(${scale})` } : { visibility: "hidden" }}
                  onLoad={(event) => {
                    const image = event.currentTarget;
                    const size = { width: image.naturalWidth, height: image.naturalHeight };
                    setNatural(size);
                    setScale(fitScale(size));
                  }}
                />
              </div>
            ) : null}
          </div>
        </div>
      </dialog>
    </>
  );
}
