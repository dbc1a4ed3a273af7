import { Link } from "@remix-run/react";
import type { ProofReuse } from "~/models/orders/admin";
import { Unbroken } from "~/components/ui/unbroken";

/**
 * The same transfer receipt sent for two orders is a common fraud: the proof queue and the
 * order detail name every other order whose proof has the same stored bytes.
 */
export function ProofReuseWarning({ reusedIn }: { reusedIn: ProofReuse[] }) {
  if (reusedIn.length === 0) return null;
  return (
    <div
      role="alert"
      className="border-danger bg-danger-soft text-danger rounded-lg border p-3 text-sm"
    >
      {reusedIn.map((other) => (
        <p key={other.orderId}>
          Este comprobante ya se usó en el pedido{" "}
          <Link to={`/admin/orders/${other.orderId}`} className="font-semibold underline">
            <Unbroken>{other.orderNumber}</Unbroken>
          </Link>
        </p>
      ))}
    </div>
  );
}
