import { sql, type Expression, type SqlBool } from "kysely";

/**
 * Who is shopping (D10): the signed-in user's id, and the browser's guest id when it has one
 * (the guest id survives sign-in). Routes get it from `getShopper(request)`; models take it.
 */
export type Shopper = { userId: number | null; guestId: string | null };

/** A shopper who can own a new record: signed in, or holding a guest id. */
export type KnownShopper = Shopper & ({ userId: number } | { guestId: string });

/** A stored record's owner columns: cart lines, orders and payment proofs all carry both. */
export type OwnerColumns = { userId: number | null; sessionId: string | null };

/*
 * The one ownership rule (D10, D15): a cart line, an order or a payment proof is the shopper's
 * when it carries their user id, or carries no user id and their guest id. A signed-in shopper
 * thus keeps what this browser did as a guest (an order placed before signing in), and a
 * record of another account is never theirs, whatever guest id it carries. `owns` applies it
 * to a row already read; `ownedBy` is the same rule as a WHERE condition.
 */

export function owns(shopper: Shopper, record: OwnerColumns) {
  if (shopper.userId !== null && record.userId === shopper.userId) return true;
  return record.userId === null && shopper.guestId !== null && record.sessionId === shopper.guestId;
}

/** `table` is the table's name or alias in the query ("c" for `cartItems as c`). */
export function ownedBy(shopper: Shopper, table: string): Expression<SqlBool> {
  const userId = sql.ref(`${table}.userId`);
  const sessionId = sql.ref(`${table}.sessionId`);
  // -1 and '' never match a real id, so a missing half of the shopper matches nothing.
  return sql<SqlBool>`(${userId} = ${shopper.userId ?? -1} or (${userId} is null and ${sessionId} = ${shopper.guestId ?? ""}))`;
}

/** The columns a new record of this shopper carries: a user's, or a guest's. */
export function ownerColumns(shopper: KnownShopper): OwnerColumns {
  return shopper.userId !== null
    ? { userId: shopper.userId, sessionId: null }
    : { userId: null, sessionId: shopper.guestId };
}
