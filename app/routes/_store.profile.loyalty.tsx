import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import type { ReactNode } from "react";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { PointsHistoryTable } from "~/components/loyalty/points-history-table";
import { RedeemForm } from "~/components/loyalty/redeem-form";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import {
  COUPON_GENERATED,
  couponGeneratedMessage,
  redeemRefusalMessage,
  TIER_LABELS,
} from "~/models/loyalty/loyalty";
import {
  generateLoyaltyCoupon,
  getLoyaltyAccount,
  getLoyaltyRules,
  type LoyaltyCoupon,
  type LoyaltyHistoryEntry,
} from "~/models/loyalty/loyalty.server";
import { guardAction } from "~/web/guard-action.server";
import { requireUser } from "~/web/auth.server";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { redirectWithToast } from "~/web/toast.server";
import { Unbroken } from "~/components/ui/unbroken";

/*
 * /profile/loyalty (backoffice.md §2, D13): points, tier and progress, the ledger's history and
 * the coupons bought with points; a form turns points into a single-use coupon (D20) that works
 * in the cart's coupon box at once.
 */

export const meta: MetaFunction = () => [{ title: "Mis puntos | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ account: await getLoyaltyAccount(user.id) });
}

const WHOLE_NUMBER = /^\d{1,9}$/;

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const user = await requireUser(request);
  const formData = await request.formData();
  const text = String(formData.get("points") ?? "").trim();
  const rules = await getLoyaltyRules();
  if (!WHOLE_NUMBER.test(text)) {
    return json({ error: redeemRefusalMessage("minimum", rules), points: text }, { status: 400 });
  }
  const result = await generateLoyaltyCoupon(user.id, Number(text));
  if (!result.ok) {
    return json(
      { error: redeemRefusalMessage(result.reason, rules), points: text },
      { status: 400 },
    );
  }
  const { code } = result.coupon;
  return redirectWithToast(request, `/profile/loyalty?cupon=${encodeURIComponent(code)}`, {
    title: COUPON_GENERATED,
    description: couponGeneratedMessage(result.coupon),
  });
}

// A stale ?cupon= (already used, not this customer's) simply shows nothing.
function useNewCoupon(coupons: LoyaltyCoupon[]) {
  const [params] = useSearchParams();
  const code = params.get("cupon");
  return code ? coupons.find((c) => c.code === code && c.state === "available") : undefined;
}

export default function ProfileLoyaltyRoute() {
  const { account } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const newCoupon = useNewCoupon(account.coupons);
  return (
    <div className="space-y-8">
      <section aria-labelledby="puntos" className="grid gap-4 sm:grid-cols-3">
        <h2 id="puntos" className="sr-only">
          Resumen de puntos
        </h2>
        <Stat label="Puntos disponibles" value={account.balance.toLocaleString("en-US")} />
        <Stat label="Nivel" value={TIER_LABELS[account.tier]}>
          {account.next ? (
            <TierProgress
              label={TIER_LABELS[account.next.tier]}
              remaining={account.next.remaining}
              progress={account.next.progress}
            />
          ) : (
            <p className="text-fg-muted text-sm">Alcanzaste el nivel más alto.</p>
          )}
        </Stat>
        <Stat label="Puntos ganados" value={account.pointsEarned.toLocaleString("en-US")}>
          <p className="text-fg-muted text-sm">
            {account.expiresAt
              ? `Tus puntos vencen el ${formatDate(account.expiresAt)} si no compras antes.`
              : `Los puntos vencen tras ${account.rules.expiryDays} días sin compras.`}
          </p>
        </Stat>
      </section>

      {newCoupon ? (
        <section
          aria-labelledby="nuevo-cupon"
          className="border-success bg-success-soft rounded-lg border p-5"
        >
          <h2 id="nuevo-cupon" className="text-lg font-semibold">
            Tu nuevo cupón
          </h2>
          <p className="mt-2">
            <code className="bg-surface rounded px-2 py-1 text-xl font-bold tracking-wider">
              <Unbroken>{newCoupon.code}</Unbroken>
            </code>{" "}
            {formatMoney(newCoupon.discountAmount)} de descuento
            {newCoupon.expiresAt ? `, válido hasta el ${formatDate(newCoupon.expiresAt)}` : ""}.
          </p>
          <p className="mt-2 text-sm">
            Escríbelo en «Código de cupón» en el{" "}
            <Link to="/cart" className="underline">
              carrito
            </Link>{" "}
            o al pagar.
          </p>
        </section>
      ) : null}

      <RedeemForm
        balance={account.balance}
        rules={account.rules}
        lastPoints={actionData?.points}
        error={actionData?.error}
      />
      <CouponList coupons={account.coupons} />
      <History entries={account.history} />
    </div>
  );
}

function Stat({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="border-border bg-surface space-y-2 rounded-lg border p-5">
      <p className="text-fg-muted text-sm">{label}</p>
      <p className="text-2xl font-semibold">{value}</p>
      {children}
    </div>
  );
}

function TierProgress({
  label,
  remaining,
  progress,
}: {
  label: string;
  remaining: number;
  progress: number;
}) {
  return (
    <div className="space-y-1">
      <progress
        value={progress}
        max={100}
        aria-label={`Progreso hacia el nivel ${label}`}
        className="accent-accent h-2 w-full"
      />
      <p className="text-fg-muted text-sm">
        Te faltan {remaining.toLocaleString("en-US")} puntos para {label}.
      </p>
    </div>
  );
}

const COUPON_STATES: Record<LoyaltyCoupon["state"], { label: string; variant: BadgeVariant }> = {
  available: { label: "Disponible", variant: "success" },
  used: { label: "Usado", variant: "neutral" },
  expired: { label: "Vencido", variant: "warning" },
};

function CouponList({ coupons }: { coupons: LoyaltyCoupon[] }) {
  return (
    <section aria-labelledby="cupones" className="space-y-3">
      <h2 id="cupones" className="text-lg font-semibold">
        Mis cupones
      </h2>
      {coupons.length === 0 ? (
        <p className="text-fg-muted">Aún no has canjeado puntos.</p>
      ) : (
        <ul className="divide-border border-border divide-y rounded-lg border">
          {coupons.map((coupon) => {
            const state = COUPON_STATES[coupon.state];
            return (
              <li key={coupon.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
                <code className="font-semibold tracking-wider">
                  <Unbroken>{coupon.code}</Unbroken>
                </code>
                <span>{formatMoney(coupon.discountAmount)}</span>
                <Badge variant={state.variant}>{state.label}</Badge>
                <span className="text-fg-muted text-sm">
                  <Unbroken>
                    {coupon.state === "used" && coupon.usedAt
                      ? `Usado el ${formatDate(coupon.usedAt)}${coupon.orderNumber ? ` en ${coupon.orderNumber}` : ""}`
                      : coupon.expiresAt
                        ? `${coupon.state === "expired" ? "Venció" : "Vence"} el ${formatDate(coupon.expiresAt)}`
                        : "Sin vencimiento"}
                  </Unbroken>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function History({ entries }: { entries: LoyaltyHistoryEntry[] }) {
  return (
    <section aria-labelledby="historial" className="space-y-3">
      <h2 id="historial" className="text-lg font-semibold">
        Historial de puntos
      </h2>
      {entries.length === 0 ? (
        <p className="text-fg-muted">Todavía no tienes movimientos.</p>
      ) : (
        <PointsHistoryTable entries={entries} />
      )}
    </section>
  );
}
