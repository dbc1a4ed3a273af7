import { Button } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { whatsappShareUrl } from "~/utils/whatsapp";

async function shareOrCopy(url: string, title: string) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
    } catch {
      // The shopper closed the share sheet: nothing to do.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    window.alert("Enlace copiado al portapapeles");
  } catch {
    // No clipboard (plain HTTP on a LAN address): let the shopper copy it by hand.
    window.prompt("Copia este enlace:", url);
  }
}

/**
 * storefront.md §2: native share, or copy the link and say so. Without JS a button could do
 * nothing, so only the WhatsApp and Facebook links (plain URLs) are shown then.
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const whatsapp = whatsappShareUrl(`${title} ${url}`);
  const facebook = `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
  const link = "inline-flex min-h-11 items-center text-sm font-medium underline underline-offset-4";
  return (
    <div className="mt-6 flex flex-wrap items-center gap-4">
      {hydrated ? (
        <Button type="button" variant="secondary" size="sm" onClick={() => shareOrCopy(url, title)}>
          Compartir
        </Button>
      ) : null}
      <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={link}>
        Compartir por WhatsApp
      </a>
      <a href={facebook} target="_blank" rel="noopener noreferrer" className={link}>
        Compartir en Facebook
      </a>
    </div>
  );
}
