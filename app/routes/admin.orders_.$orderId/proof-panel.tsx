import { ProofViewer } from "~/components/orders/proof-viewer";

/** The customer's receipt, beside the action it decides (issue 21). */
export function ProofPanel({ orderNumber, url }: { orderNumber: string; url: string }) {
  return (
    <section
      aria-labelledby="order-proof"
      className="border-border bg-surface rounded-xl border p-4"
    >
      <h2 id="order-proof" className="mb-3 font-semibold">
        Comprobante de pago
      </h2>
      <ProofViewer
        src={url}
        alt={`Comprobante del pedido ${orderNumber}`}
        thumbnailClassName="border-border max-h-[26rem] w-full rounded-lg border object-contain"
      />
    </section>
  );
}
