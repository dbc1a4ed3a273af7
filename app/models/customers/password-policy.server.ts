import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { dictionary as spanishDictionary } from "@zxcvbn-ts/language-es-es";
import type { z } from "zod/v4";
import { PASSWORD_MIN_LENGTH } from "./fields";

/*
 * Which new passwords the store takes (decision 083), on the server only: the list and the
 * estimator weigh some 800 KB, which must never reach the browser. zxcvbn-ts checks a password
 * against its ~50,000 most common breached passwords, keyboard runs, repeats, sequences, dates
 * and l33t spellings of them, and against the account's own e-mail and name. Every form that
 * sets a password (registration, /profile/security, the admin's new user and set-password)
 * adds `strongPasswordRule` to its schema on the server.
 */

export const PASSWORD_TOO_COMMON =
  "Esta contraseña es demasiado común o fácil de adivinar. Prueba con una frase de tres o cuatro palabras que no sea una cita conocida.";
export const PASSWORD_TOO_PERSONAL =
  "La contraseña no puede basarse en el nombre ni en el correo electrónico de la cuenta.";

/** zxcvbn's score 3: at least 10^8 guesses ("safely unguessable" behind a slow hash). */
const MIN_SCORE = 3;

/**
 * zxcvbn's time grows steeply with length (a random 200-character password takes a second of
 * CPU, on the event loop); the first 32 characters decide (at most ~15 ms), and what follows
 * only adds strength.
 */
const CHECKED_LENGTH = 32;

/** The store's own words count as guessable too, as NIST SP 800-63B asks. */
const STORE_WORDS = ["perfumeria", "perfumería", "perfume", "perfumes", "lujo"];

/**
 * Issue 37: what a Honduran picks first, beside zxcvbn's Spanish lists (common words, names,
 * surnames): the words for a password, the country, its cities, money, teams and nicknames.
 * zxcvbn finds them with digits or a year around them ('contraseña123', 'catracho2026').
 */
const HONDURAN_WORDS = [
  "contraseña",
  "contrasena",
  "clave",
  "claves",
  "secreto",
  "acceso",
  "usuario",
  "honduras",
  "hondureño",
  "hondureña",
  "hondureno",
  "catracho",
  "catracha",
  "catrachos",
  "lempira",
  "lempiras",
  "tegucigalpa",
  "tegus",
  "comayaguela",
  "sanpedrosula",
  "sanpedro",
  "laceiba",
  "ceiba",
  "choluteca",
  "comayagua",
  "roatan",
  "olimpia",
  "motagua",
  "marathon",
  "realespana",
  "morazan",
  "copan",
  "guanaco",
  "cheque",
  "chele",
  "baleada",
  "baleadas",
  "pupusa",
  "tequiero",
  "teamo",
  "amor",
  "princesa",
  "jesus",
  "dios",
];

let estimator: ZxcvbnFactory | undefined;
function getEstimator() {
  // Built on first use: the dictionaries take some 60 ms to load.
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...dictionary, ...spanishDictionary, honduras: HONDURAN_WORDS },
    graphs: adjacencyGraphs,
    // The default of 100 l33t substitutions costs up to 200 ms a check for "p@ssw0rd"-like
    // input; 20 finds the same words in a tenth of the time.
    l33tMaxSubstitutions: 20,
  });
  return estimator;
}

/** The e-mail whole, its local part and the pieces of it and of the names, lower case. */
function personalWords(personal: Array<string | null | undefined>) {
  const words = new Set<string>();
  for (const value of personal) {
    const text = value?.trim().toLowerCase();
    if (!text) continue;
    words.add(text);
    const local = text.split("@")[0];
    words.add(local);
    for (const piece of local.split(/[\s._+\-']+/)) if (piece.length >= 3) words.add(piece);
  }
  return [...words];
}

/** Lower case without accents: "López" and "LOPEZ" are the same word. */
function folded(text: string) {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** How many of the password's characters belong to one of `words` written in it. */
function personalLength(password: string, words: string[]) {
  const text = folded(password);
  const covered = new Array<boolean>(text.length).fill(false);
  for (const word of words.map(folded)) {
    if (word.length < 3) continue;
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
      covered.fill(true, at, at + word.length);
    }
  }
  return covered.filter(Boolean).length;
}

/**
 * Why a new password is refused (a Spanish message), or undefined when it is strong enough. A
 * password under the minimum length gets no second message: the forms' length rule speaks.
 */
export function passwordWeakness(
  password: string,
  personal: Array<string | null | undefined>,
): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return undefined;
  const words = personalWords(personal);
  const result = getEstimator().check(password.slice(0, CHECKED_LENGTH), [
    ...words,
    ...STORE_WORDS,
  ]);
  // Built from the e-mail or the name: half the password or more is made of them. Counted on
  // the password itself: zxcvbn's own split may read "ana" as a common first name instead.
  const checked = password.slice(0, CHECKED_LENGTH);
  if (words.length > 0 && personalLength(checked, words) * 2 >= checked.length)
    return PASSWORD_TOO_PERSONAL;
  if (result.score < MIN_SCORE) return PASSWORD_TOO_COMMON;
  return undefined;
}

/**
 * A zod refinement for a form schema: the password at `field` must pass `passwordWeakness`
 * given the account's e-mail and name (read from the form, or given by the caller).
 */
export function strongPasswordRule<T extends Record<string, unknown>>(
  field: keyof T & string,
  personal: (value: T) => Array<string | null | undefined>,
) {
  return (value: T, context: z.RefinementCtx) => {
    const password = value[field];
    if (typeof password !== "string") return;
    const weakness = passwordWeakness(password, personal(value));
    if (weakness) context.addIssue({ code: "custom", message: weakness, path: [field] });
  };
}
