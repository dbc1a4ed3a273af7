import { WhatsappLink } from "~/components/whatsapp-link";
import { buttonClasses } from "~/components/ui/button";
import { useRootData } from "~/hooks/use-root-data";
import { formatMoney } from "~/utils/money";

/**
 * Decision 101: beside the receipt's form of an order still waiting for its transfer, the same
 * receipt sent to the shop's WhatsApp (from the settings), the order's number and total typed in;
 * the customer attaches the picture in the chat.
 */
export function ProofByWhatsapp({ orderNumber, total }: { orderNumber: string; total: number }) {
  const phone = useRootData()?.settings.whatsapp;
  const text = `Hola, les envío el comprobante de la transferencia de mi pedido ${orderNumber} por ${formatMoney(total)}.`;
  return (
    <WhatsappLink
      phone={phone}
      text={text}
      className={buttonClasses("secondary", "md", { wrap: true })}
    >
      Enviar comprobante por WhatsApp
    </WhatsappLink>
  );
}
