import { z } from "zod/v4";
import type { OrderStatus, PaymentMethod } from "#db/types";
import { centavos, defineCall } from "~/web/api/calls.server";
import { listPage, pageQuery, pageSchema, type PageQuery } from "~/web/api/lists.server";
import type { LoyaltyCustomer } from "~/models/loyalty/admin.server";
import { LOYALTY_SEARCH_MIN } from "~/models/loyalty/loyalty";
import { AdminPointsBody } from "~/models/loyalty/admin-points-form.server";
import { ORDER_STATUS_LABELS } from "~/models/orders/status";
import { problem } from "~/web/api/problem.server";
import { getSettings } from "~/models/settings/settings.server";
import { idParam, invariantResponse, MAX_ID } from "~/utils/invariant";
import { ADMIN_USER_REFUSALS, ROLE_FILTERS } from "~/models/customers/admin";
import {
  countUserActivity,
  getAdminUser,
  listUserActivity,
  type AdminUserListItem,
  type GuardedRefusal,
  type UserActivityEntry,
} from "~/models/customers/admin.server";
import { mustVerifyEmail } from "~/models/customers/email-verification.server";
import { getPendingEmail } from "~/models/customers/email-change.server";
import { AddressChangeSchema, samePasswordRule } from "~/models/customers/field-schemas.server";
import {
  getUserById,
  hasPassword,
  needsProfileCompletion,
  type SessionUser,
} from "~/models/customers/users.server";
import { LoginSchema } from "~/web/login.server";
import {
  CompleteProfileSchema,
  DeleteAccountFields,
  PasswordChangeFields,
  ProfileSchema,
  RegisterFields,
} from "~/models/customers/account-forms.server";
import {
  ADMIN_USER_MESSAGES,
  NewUserSchema,
  PasswordResetFields,
  UserInfoSchema,
  UserNoteSchema,
} from "~/models/customers/admin-submission.server";

/*
 * The accounts' calls (storefront.md §7, backoffice.md §7): signing in and out, registering,
 * the customer's own profile, and the back office's customers screens. Each route calls what
 * its screen's loader or action calls. A body is its screen's form schema where the fields are
 * the form's (decision 136), or those fields with `confirmPassword` optional where the rules
 * also read the account (a password not built from its name, the e-mail typed to delete it):
 * the route then checks the body with the screen's whole rules (`checkedByForm`). The loyalty
 * points' body is the form's fields with the points' own rules on a JSON number
 * (`AdminPointsBody`), where the form posts text; the profile's is /profile's `ProfileSchema`
 * with an address left out kept as it is (`AddressChangeSchema`). A rule and its Spanish message
 * are written once, in the form's fields.
 */

/** A Bearer token acts for an account but never holds a browser session (decided for issue 25). */
export const SESSION_CALLS_ONLY =
  "Iniciar sesión, cerrar sesión y registrarse son llamadas del navegador: una integración se identifica con su token.";

const ACCOUNT_TAG = "Cuenta";
const PROFILE_TAG = "Perfil";
const USERS_TAG = "Usuarios";

/**
 * A form's password fields as a call's body: `confirmPassword` may be left out (the password
 * itself), and when sent must be `field` again, with the form's message.
 */
function confirmationOptional<Shape extends { confirmPassword: z.ZodString }>(
  fields: z.ZodObject<Shape>,
  field: keyof Shape & string,
) {
  type Passwords = Record<string, unknown> & { confirmPassword?: unknown };
  return fields.partial({ confirmPassword: true }).superRefine((value, context) => {
    const passwords = value as Passwords;
    if (passwords.confirmPassword !== undefined) {
      samePasswordRule<Passwords>(field)(passwords, context);
    }
  });
}

const roleSchema = z.enum(["customer", "admin"]);
const tierSchema = z.enum(["bronce", "plata", "oro"]);

export const accountSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable().describe("+504 0000-0000, o null."),
    role: roleSchema,
    loyaltyPoints: z.number().int(),
    loyaltyTier: tierSchema,
    favoriteAddress1: z.string().nullable(),
    favoriteAddress2: z.string().nullable(),
    signsInWithGoogle: z.boolean(),
    emailVerified: z.boolean(),
    needsProfileCompletion: z
      .boolean()
      .describe("Sin teléfono o sin dirección principal: /complete-profile los pide."),
  })
  .meta({ id: "Account" });

export function toAccount(user: SessionUser) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    role: user.role,
    loyaltyPoints: user.loyaltyPoints,
    loyaltyTier: user.loyaltyTier,
    favoriteAddress1: user.favoriteAddress1,
    favoriteAddress2: user.favoriteAddress2,
    signsInWithGoogle: user.googleId !== null,
    emailVerified: user.emailVerifiedAt !== null,
    needsProfileCompletion: needsProfileCompletion(user),
  };
}

/** The account as it is now (after a change), or 404 when it no longer exists. */
export async function currentAccount(userId: number) {
  const user = await getUserById(userId);
  invariantResponse(user, "La cuenta ya no existe.", { status: 404 });
  return user;
}

/** What /profile shows: the account, whether it has a password, whether it must verify. */
export async function profileOf(userId: number) {
  const user = await currentAccount(userId);
  return {
    ...toAccount(user),
    hasPassword: await hasPassword(user.id),
    mustVerifyEmail: mustVerifyEmail(user, await getSettings()),
    pendingEmail: await getPendingEmail(user.id),
  };
}

export const profileSchema = accountSchema
  .extend({
    hasPassword: z
      .boolean()
      .describe("false: cuenta de Google sin contraseña (la crea sin `currentPassword`)."),
    mustVerifyEmail: z.boolean(),
    pendingEmail: z
      .string()
      .nullable()
      .describe("Un correo nuevo pedido y aún no confirmado con el enlace que se le envió."),
  })
  .meta({ id: "Profile" });

const registrationReceivedSchema = z
  .object({ title: z.string(), description: z.string() })
  .meta({ id: "RegistrationReceived" });

const adminUserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    role: roleSchema,
    isBlocked: z.boolean(),
    signsInWithGoogle: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminUser" });

/**
 * The `{id}` of a /api/users/{id} call: a whole number an id column holds (PostgreSQL's
 * INTEGER too), else 404 'Usuario no encontrado', as the screens' idParam answers.
 */
export function userIdParam(params: Record<string, string | undefined>) {
  const id = idParam(params.id, ADMIN_USER_REFUSALS.notFound);
  invariantResponse(id <= MAX_ID, ADMIN_USER_REFUSALS.notFound, { status: 404 });
  return id;
}

/** The account an admin acts on, or 404 'Usuario no encontrado' (the profile view's words). */
export async function adminUserOr404(userId: number) {
  const user = await getAdminUser(userId);
  invariantResponse(user, ADMIN_USER_REFUSALS.notFound, { status: 404 });
  return user;
}

/**
 * A refused change to an account, the API's way: unknown 404, on oneself 403 (`self`: the
 * screen's message), the last active admin 409.
 */
export function refusedChange(reason: GuardedRefusal, self: string) {
  if (reason === "not-found") return problem(404, ADMIN_USER_REFUSALS.notFound);
  if (reason === "self") return problem(403, self, { code: "self" });
  return problem(409, ADMIN_USER_REFUSALS.lastAdmin, { code: "last_admin" });
}

const adminUserListItemSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    role: roleSchema,
    isBlocked: z.boolean(),
    loyaltyPoints: z.number().int(),
    loyaltyTier: tierSchema,
    createdAt: z.string(),
    orderCount: z.number().int(),
    totalSpent: centavos.describe("Lo que suman sus pedidos entregados, en centavos."),
  })
  .meta({ id: "AdminUserListItem" });

export function toAdminUserListItem(user: AdminUserListItem) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    role: user.role,
    isBlocked: user.isBlocked,
    loyaltyPoints: user.loyaltyPoints,
    loyaltyTier: user.loyaltyTier,
    createdAt: user.createdAt,
    // PostgreSQL answers COUNT and SUM as text.
    orderCount: Number(user.orderCount),
    totalSpent: Number(user.totalSpent),
  };
}

const activityEntrySchema = z
  .object({
    id: z.number().int(),
    actionType: z
      .string()
      .describe(
        "admin_note, role_change, account_block, account_unblock, password_change, password_reset, profile_update, order_cancelled, order_denied u order_deleted.",
      ),
    actionDescription: z.string(),
    fieldChanged: z.string().nullable(),
    oldValue: z.string().nullable(),
    newValue: z.string().nullable(),
    note: z.string().nullable().describe("El texto de una nota del administrador."),
    createdAt: z.string(),
    admin: z
      .object({ firstName: z.string(), lastName: z.string(), email: z.string() })
      .nullable()
      .describe("Quién actuó (null: la cuenta ya no existe)."),
  })
  .meta({ id: "UserActivityEntry" });

/** One page of a customer's history (the profile view's), or of its admin notes only. */
export async function userActivityPage(userId: number, query: PageQuery, notesOnly: boolean) {
  const { id } = await adminUserOr404(userId);
  const filter = { notesOnly };
  const page = await listPage(
    query,
    () => countUserActivity(id, filter),
    ({ limit, offset }) => listUserActivity(id, limit, { offset, ...filter }),
  );
  return { ...page, items: page.items.map(toActivityEntry) };
}

export function toActivityEntry(entry: UserActivityEntry) {
  return {
    id: entry.id,
    actionType: entry.actionType,
    actionDescription: entry.actionDescription,
    fieldChanged: entry.fieldChanged,
    oldValue: entry.oldValue,
    newValue: entry.newValue,
    note: entry.adminNotes,
    createdAt: entry.createdAt,
    admin:
      entry.adminEmail === null
        ? null
        : {
            firstName: entry.adminFirstName ?? "",
            lastName: entry.adminLastName ?? "",
            email: entry.adminEmail,
          },
  };
}

const orderStatuses = Object.keys(ORDER_STATUS_LABELS) as [OrderStatus, ...OrderStatus[]];
const paymentMethods = [
  "bank_transfer",
  "cash_on_delivery",
  "store_pickup",
] as const satisfies readonly PaymentMethod[];

const userOrderSchema = z
  .object({
    id: z.string().describe("UUID del pedido (/api/orders/{id})."),
    orderNumber: z.string(),
    status: z.enum(orderStatuses),
    statusLabel: z.string(),
    total: centavos,
    paymentMethod: z.enum(paymentMethods),
    createdAt: z.string(),
  })
  .meta({ id: "UserOrder" });

export function toUserOrder(order: {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  statusLabel: string;
  total: number;
  paymentMethod: PaymentMethod;
  createdAt: string;
}) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    statusLabel: order.statusLabel,
    total: order.total,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt,
  };
}

const userSearchResultSchema = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    email: z.string(),
    isBlocked: z.boolean(),
    loyaltyPoints: z.number().int(),
    loyaltyTier: tierSchema,
  })
  .meta({ id: "UserSearchResult" });

export function toUserSearchResult(customer: LoyaltyCustomer) {
  return {
    ...customer,
    fullName: `${customer.firstName} ${customer.lastName}`.trim(),
  };
}

const pointsAddedSchema = z
  .object({
    userId: z.number().int(),
    points: z.number().int().describe("Los puntos agregados."),
    balance: z.number().int(),
    pointsEarned: z.number().int(),
    pointsRedeemed: z.number().int(),
    loyaltyTier: tierSchema,
  })
  .meta({ id: "PointsAdded" });

const PHONE_DESCRIPTION = "+504 0000-0000 (o los 8 dígitos); vacío o null: sin teléfono.";

const idParams = { id: "integer" } as const;

export const accountCalls = {
  login: defineCall({
    method: "POST",
    path: "/api/auth/login",
    tag: ACCOUNT_TAG,
    summary: "Iniciar sesión con correo y contraseña",
    description:
      "El mismo inicio de sesión que /login: 10 intentos por minuto por IP y por cuenta (el navegador que ya entró a la cuenta no cuenta para la cuenta), 429 con Retry-After. Responde con la cookie de sesión. Solo desde el navegador del mismo sitio: con un token, 403. Un administrador envía además `code`, el código de su aplicación de autenticación o uno de recuperación (decisión 163): sin él, o si es incorrecto, 401 con el tipo de problema `/api/docs#second-factor-required`; sin verificación en dos pasos configurada, 403 con `/api/docs#second-factor-setup-required` (se configura en /admin-access).",
    access: "public",
    body: LoginSchema.pick({ email: true, password: true }).extend({
      code: z.string().trim().max(20).optional(),
    }),
    response: z.object({ user: accountSchema }),
    errors: [401],
  }),
  register: defineCall({
    method: "POST",
    path: "/api/auth/register",
    tag: ACCOUNT_TAG,
    summary: "Crear una cuenta",
    description:
      "Las reglas de /register. La misma respuesta si el correo ya tenía cuenta (decisión 082: no revela qué correos son clientes); no inicia sesión. 10 registros por hora por IP (429). `confirmPassword` es opcional (sin él, se toma la contraseña). Con un token, 403.",
    access: "public",
    body: confirmationOptional(RegisterFields, "password"),
    response: registrationReceivedSchema,
  }),
  logout: defineCall({
    method: "POST",
    path: "/api/auth/logout",
    tag: ACCOUNT_TAG,
    summary: "Cerrar la sesión",
    description: "Borra la sesión en el servidor y su cookie. Con un token, 403.",
    access: "public",
    status: 204,
  }),
  me: defineCall({
    method: "GET",
    path: "/api/auth/me",
    tag: ACCOUNT_TAG,
    summary: "La cuenta que llama",
    access: "customer",
    response: accountSchema,
  }),
  completeProfile: defineCall({
    method: "POST",
    path: "/api/auth/complete-profile",
    tag: ACCOUNT_TAG,
    summary: "Completar el perfil (tras registrarse con Google)",
    description: "Las reglas de /complete-profile: los cinco campos son obligatorios.",
    access: "customer",
    body: CompleteProfileSchema,
    response: accountSchema,
  }),
  profile: defineCall({
    method: "GET",
    path: "/api/profile",
    tag: PROFILE_TAG,
    summary: "Mi perfil",
    access: "customer",
    response: profileSchema,
  }),
  updateProfile: defineCall({
    method: "PUT",
    path: "/api/profile",
    tag: PROFILE_TAG,
    summary: "Cambiar mis datos",
    description:
      "Las reglas de /profile. Las direcciones favoritas cambian solo si se envían. Un correo distinto pide `currentPassword` (si falta o no es, 422; una cuenta de Google sin contraseña, 409) y queda en `pendingEmail` hasta que se sigue el enlace que se le envía; el correo anterior recibe un enlace para deshacerlo durante 7 días. La respuesta es la misma si el correo ya tiene cuenta. Cuando el correo cambia, los tokens de la cuenta se revocan; el de un administrador no se cambia con un token (403).",
    access: "customer",
    // /profile's schema, but an address left out stays as it is (the form always posts both).
    body: ProfileSchema.extend({
      phone: ProfileSchema.shape.phone.describe(PHONE_DESCRIPTION),
      favoriteAddress1: AddressChangeSchema,
      favoriteAddress2: AddressChangeSchema,
    }),
    response: profileSchema,
    errors: [409],
  }),
  changePassword: defineCall({
    method: "PUT",
    path: "/api/profile/password",
    tag: PROFILE_TAG,
    summary: "Cambiar mi contraseña",
    description:
      "Las reglas de /profile/security (8 caracteres o más, ni común ni hecha del correo o el nombre). Cierra las demás sesiones de la cuenta; la que llama sigue. Una cuenta de Google sin contraseña la crea sin `currentPassword`. `confirmPassword` es opcional. Revoca todos los tokens de la cuenta; la de un administrador no se cambia con un token (403).",
    access: "customer",
    body: confirmationOptional(PasswordChangeFields, "newPassword"),
    status: 204,
  }),
  deleteAccount: defineCall({
    method: "DELETE",
    path: "/api/profile/account",
    tag: PROFILE_TAG,
    summary: "Eliminar mi cuenta",
    description:
      "Como /profile/danger: se confirma escribiendo el correo de la cuenta en `confirmEmail` y la contraseña actual en `currentPassword` (si falta o no es, 422; una cuenta de Google sin contraseña la crea antes, 409). Una cuenta bloqueada no se elimina (403); con pedidos en curso, o el último administrador, 409.",
    access: "customer",
    body: DeleteAccountFields,
    status: 204,
    errors: [404, 409],
  }),
  users: defineCall({
    method: "GET",
    path: "/api/users",
    tag: USERS_TAG,
    summary: "Usuarios, los más nuevos primero",
    description: "Los filtros de /admin/users: `q` (nombre, correo o teléfono) y `role`.",
    access: "admin",
    query: pageQuery.extend({
      q: z.string().trim().max(100).optional().describe("Parte del nombre, correo o teléfono."),
      role: z.enum(ROLE_FILTERS).optional(),
    }),
    response: pageSchema(adminUserListItemSchema),
  }),
  createUser: defineCall({
    method: "POST",
    path: "/api/users",
    tag: USERS_TAG,
    summary: "Registrar un usuario",
    description:
      "Las reglas de /admin/users/new. Teléfono opcional (+504, primer dígito de 2 a 9). Un correo con cuenta: 409. Un administrador solo lo registra un administrador con sesión iniciada, no un token (403).",
    access: "admin",
    body: NewUserSchema,
    response: adminUserSchema,
    status: 201,
    errors: [409],
  }),
  user: defineCall({
    method: "GET",
    path: "/api/users/{id}",
    tag: USERS_TAG,
    summary: "Un usuario",
    access: "admin",
    params: idParams,
    response: adminUserSchema,
  }),
  updateUser: defineCall({
    method: "PUT",
    path: "/api/users/{id}",
    tag: USERS_TAG,
    summary: "Cambiar nombre, correo y teléfono",
    description:
      "Cada campo que cambia queda en el historial. Un correo de otra cuenta: 409. Cambiar el correo revoca los tokens de la cuenta; el de un administrador no se cambia con un token (403).",
    access: "admin",
    params: idParams,
    body: UserInfoSchema,
    response: adminUserSchema,
    errors: [409],
  }),
  deleteUser: defineCall({
    method: "DELETE",
    path: "/api/users/{id}",
    tag: USERS_TAG,
    summary: "Eliminar un usuario",
    description:
      "Como /admin/users/{id}/delete: no a sí mismo (403), ni al último administrador ni con pedidos en curso (409).",
    access: "admin",
    params: idParams,
    status: 204,
    errors: [409],
  }),
  setRole: defineCall({
    method: "PUT",
    path: "/api/users/{id}/role",
    tag: USERS_TAG,
    summary: "Cambiar el rol",
    description:
      "No el propio (403), ni quitar al último administrador activo (409). Solo con la sesión de un administrador: un token recibe 403.",
    access: "admin",
    params: idParams,
    body: z.object({ role: z.enum(["customer", "admin"], { error: ADMIN_USER_MESSAGES.role }) }),
    response: adminUserSchema,
    errors: [409],
  }),
  block: defineCall({
    method: "PUT",
    path: "/api/users/{id}/block",
    tag: USERS_TAG,
    summary: "Bloquear (cierra todas sus sesiones)",
    description: "No a sí mismo (403), ni al último administrador activo (409).",
    access: "admin",
    params: idParams,
    response: adminUserSchema,
    errors: [409],
  }),
  unblock: defineCall({
    method: "PUT",
    path: "/api/users/{id}/unblock",
    tag: USERS_TAG,
    summary: "Reactivar",
    access: "admin",
    params: idParams,
    response: adminUserSchema,
  }),
  resetPassword: defineCall({
    method: "PUT",
    path: "/api/users/{id}/password",
    tag: USERS_TAG,
    summary: "Poner una contraseña nueva (cierra todas sus sesiones)",
    description:
      "Las reglas del formulario de /admin/users/{id}. La propia se cambia en PUT /api/profile/password (403). `confirmPassword` es opcional. Revoca todos los tokens de la cuenta; la de un administrador no se pone con un token (403).",
    access: "admin",
    params: idParams,
    body: confirmationOptional(PasswordResetFields, "password"),
    status: 204,
  }),
  addNote: defineCall({
    method: "POST",
    path: "/api/users/{id}/notes",
    tag: USERS_TAG,
    summary: "Agregar una nota al historial",
    description:
      "Las notas son entradas del historial (no se reemplazan ni se borran): PUT /api/users/{id}/notes no existe (405).",
    access: "admin",
    params: idParams,
    body: UserNoteSchema,
    response: activityEntrySchema,
    status: 201,
  }),
  adminNotes: defineCall({
    method: "GET",
    path: "/api/users/{id}/admin-notes",
    tag: USERS_TAG,
    summary: "Notas de los administradores, las más nuevas primero",
    access: "admin",
    params: idParams,
    query: pageQuery,
    response: pageSchema(activityEntrySchema),
  }),
  activity: defineCall({
    method: "GET",
    path: "/api/users/{id}/activity",
    tag: USERS_TAG,
    summary: "Historial de la cuenta, lo más nuevo primero",
    access: "admin",
    params: idParams,
    query: pageQuery,
    response: pageSchema(activityEntrySchema),
  }),
  userOrders: defineCall({
    method: "GET",
    path: "/api/users/{id}/orders",
    tag: USERS_TAG,
    summary: "Pedidos de la cuenta, los más nuevos primero",
    access: "admin",
    params: idParams,
    query: pageQuery,
    response: pageSchema(userOrderSchema),
  }),
  search: defineCall({
    method: "GET",
    path: "/api/users/search",
    tag: USERS_TAG,
    summary: "Buscar clientes por nombre o correo",
    description: `La búsqueda de /admin/loyalty: clientes (no administradores), por nombre, hasta 20; con menos de ${LOYALTY_SEARCH_MIN} letras no encuentra a nadie.`,
    access: "admin",
    query: pageQuery.extend({
      q: z.string().trim().max(100).default("").describe("Parte del nombre o del correo."),
    }),
    response: pageSchema(userSearchResultSchema),
  }),
  addPoints: defineCall({
    method: "POST",
    path: "/api/loyalty-points/add",
    tag: USERS_TAG,
    summary: "Agregar puntos de lealtad a un cliente",
    description:
      "Como /admin/loyalty: un asiento del historial de puntos y una notificación al cliente. Solo clientes (otra cuenta: 404).",
    access: "admin",
    body: AdminPointsBody,
    response: pointsAddedSchema,
    status: 201,
    errors: [404],
  }),
};
