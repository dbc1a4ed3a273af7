import type { OrderStatus } from "#db/types";
import { OrderShipping } from "~/components/orders/order-parts";
import { buttonClasses } from "~/components/ui/button";
import { WhatsappLink } from "~/components/whatsapp-link";
import { statusNotice } from "~/models/orders/notices";
import type { PageOrder } from "./page-order";

/** Who ordered and where it goes, with the WhatsApp notice. */
export function CustomerPanel({ order, deadline }: { order: PageOrder; deadline: string | null }) {
  return (
    <section className="border-border bg-surface rounded-xl border p-5">
      <h2 className="mb-3 font-semibold">Cliente</h2>
      <p className="font-medium">{order.customerName}</p>
      {order.accountEmail && order.accountEmail !== order.customerEmail ? (
        <p className="text-fg-muted text-sm">Cuenta: {order.accountEmail}</p>
      ) : null}
      <div className="mt-3">
        <OrderShipping order={order} />
      </div>
      <NotifyOnWhatsapp order={order} deadline={deadline} />
    </section>
  );
}

/**
 * Decision 101: a message to the customer's phone saying where the order stands, in the words of
 * their notifications (notices.ts); the admin sends it from the shop's WhatsApp.
 */
function NotifyOnWhatsapp({
  order,
  deadline,
}: {
  order: {
    status: OrderStatus;
    orderNumber: string;
    trackingNumber: string | null;
    customerName: string;
    customerPhone: string | null;
  };
  deadline: string | null;
}) {
  const { orderNumber, trackingNumber } = order;
  const notice = statusNotice(order.status, {
    orderNumber,
    trackingNumber,
    points: 0,
    dueAt: deadline ?? undefined,
  });
  return (
    <WhatsappLink
      phone={order.customerPhone}
      text={`Hola, ${order.customerName}. ${notice.message}`}
      className={`${buttonClasses("secondary", "sm", { wrap: true })} mt-4`}
    >
      Avisar por WhatsApp
    </WhatsappLink>
  );
}
