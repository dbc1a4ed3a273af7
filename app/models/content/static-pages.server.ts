import { formatMoney } from "~/utils/money";
import { getActiveCmsPage } from "./cms.server";
import type { StoreSettings } from "~/models/settings/settings";
import { getSettings } from "~/models/settings/settings.server";
import type { FaqCategory, StaticPage } from "./static-pages";

/*
 * The built-in texts of the policy pages (backoffice.md §2 and §9), shown while the page's CMS
 * entry is missing or inactive. Server only: a page's text travels in its loader's data, so the
 * storefront's JavaScript carries none of it. The figures of §9 that are store rules (7 days,
 * 3–5 business days, 30 days, 24–48 hours, 2 hours) are written here; prices come from the
 * settings (D3, D11), so the text always says what checkout charges.
 */

function shipping(settings: StoreSettings) {
  return {
    standard: formatMoney(settings.shipping_cost),
    freeFrom: formatMoney(settings.free_shipping_threshold),
    express: formatMoney(settings.express_shipping_cost),
    expressFreeFrom: formatMoney(settings.express_free_shipping_threshold),
  };
}

const HOURS =
  "Atendemos de lunes a viernes de 9:00 a. m. a 6:00 p. m. y sábados de 9:00 a. m. a 4:00 p. m.; domingos cerrado.";

export type StaticPageKey = "terms" | "privacy" | "cookies" | "returns" | "warranty";

/**
 * `now` is the legal pages' "last updated" line: backoffice.md §2 shows today's date on the
 * built-in terms, privacy and cookies texts (an active CMS page shows its own last save).
 */
export function staticPage(
  key: StaticPageKey,
  settings: StoreSettings,
  now = new Date(),
): StaticPage {
  const price = shipping(settings);
  const today = now.toISOString();
  switch (key) {
    case "terms":
      return {
        title: "Términos y Condiciones",
        metaDescription:
          "Términos y condiciones de compra en Perfumería de Lujo: precios en lempiras, pago por transferencia, envíos a toda Honduras y devoluciones.",
        lastUpdated: today,
        sections: [
          {
            heading: "Aceptación de los términos",
            blocks: [
              {
                type: "p",
                text: "Al navegar y comprar en Perfumería de Lujo aceptas estos términos y condiciones, que se rigen por las leyes de la República de Honduras, incluida la Ley de Protección al Consumidor.",
              },
            ],
          },
          {
            heading: "Productos y precios",
            blocks: [
              {
                type: "ul",
                items: [
                  "Todos nuestros perfumes son 100% originales, adquiridos a distribuidores autorizados.",
                  "Los precios se muestran en lempiras (L) e incluyen el tamaño indicado en cada producto.",
                  `El Impuesto Sobre Ventas (ISV ${settings.tax_percentage}%) se muestra por separado en el resumen del pedido.`,
                  "Las imágenes son ilustrativas; la presentación del frasco puede variar según el lote.",
                ],
              },
            ],
          },
          {
            heading: "Pedidos y pago",
            blocks: [
              {
                type: "ul",
                items: [
                  "El pago se realiza por transferencia bancaria; al finalizar la compra adjuntas el comprobante.",
                  "Un pedido queda pendiente de revisión hasta que verificamos el pago; te contactamos dentro de 24 horas.",
                  "Puedes solicitar cambios o la cancelación de tu pedido dentro de las 2 horas siguientes a haberlo realizado.",
                ],
              },
            ],
          },
          {
            heading: "Envíos",
            blocks: [
              {
                type: "ul",
                items: [
                  `Envío estándar: ${price.standard}, gratis en compras desde ${price.freeFrom}.`,
                  `Envío express: ${price.express}, gratis en compras desde ${price.expressFreeFrom}.`,
                  "Entrega en 1 a 2 días en Tegucigalpa y San Pedro Sula, y en 2 a 4 días en el resto del país.",
                  "Entregamos de lunes a sábado de 8:00 a. m. a 6:00 p. m.",
                ],
              },
            ],
          },
          {
            heading: "Devoluciones y garantía",
            blocks: [
              {
                type: "p",
                text: "Aceptamos devoluciones dentro de los 7 días posteriores a la entrega, con el producto sellado, según nuestra Política de Devoluciones. La Garantía de Autenticidad cubre reclamos hasta 30 días después de la entrega.",
              },
            ],
          },
          {
            heading: "Cambios a estos términos",
            blocks: [
              {
                type: "p",
                text: "Podemos actualizar estos términos; la versión publicada en este sitio al momento de tu compra es la que aplica.",
              },
            ],
          },
        ],
      };
    case "privacy":
      return {
        title: "Política de Privacidad",
        metaDescription:
          "Cómo Perfumería de Lujo recopila, usa y protege tus datos personales y cuáles son tus derechos.",
        lastUpdated: today,
        sections: [
          {
            heading: "Información que recopilamos",
            blocks: [
              {
                type: "ul",
                items: [
                  "Datos de cuenta: nombre, apellido, correo electrónico, teléfono y direcciones de entrega.",
                  "Datos de pedidos: productos, montos, método de envío y comprobante de pago.",
                  "Mensajes que nos envías por el formulario de contacto.",
                ],
              },
            ],
          },
          {
            heading: "Para qué la usamos",
            blocks: [
              {
                type: "ul",
                items: [
                  "Procesar, enviar y darle seguimiento a tus pedidos.",
                  "Verificar tus pagos por transferencia bancaria.",
                  "Administrar tu cuenta, tus puntos de lealtad y tus cupones.",
                  "Responder tus consultas.",
                ],
              },
            ],
          },
          {
            heading: "Con quién la compartimos",
            blocks: [
              {
                type: "p",
                text: "No vendemos ni alquilamos tu información. Solo compartimos con la empresa de mensajería lo necesario para entregar tu pedido (nombre, teléfono y dirección). Tus comprobantes de pago son privados: solo tú y nuestro personal autorizado pueden verlos.",
              },
            ],
          },
          {
            heading: "Tus derechos",
            blocks: [
              {
                type: "p",
                text: "Puedes consultar y corregir tus datos desde tu perfil, eliminar tu cuenta desde la sección de perfil o pedirnos información sobre el uso de tus datos.",
              },
            ],
          },
        ],
      };
    case "cookies":
      return {
        title: "Política de Cookies",
        metaDescription:
          "Las cookies que usa Perfumería de Lujo: sesión, carrito, tema y productos vistos. Sin cookies publicitarias.",
        lastUpdated: today,
        sections: [
          {
            heading: "Cookies que utilizamos",
            blocks: [
              {
                type: "ul",
                items: [
                  "Sesión: mantiene tu inicio de sesión y tu carrito. Es imprescindible para comprar.",
                  "Tema: recuerda si prefieres el modo claro, oscuro o el del sistema.",
                  "Vistos recientemente: los últimos productos que visitaste.",
                ],
              },
              {
                type: "p",
                text: "No utilizamos cookies publicitarias ni de seguimiento de terceros.",
              },
            ],
          },
          {
            heading: "Cómo gestionarlas",
            blocks: [
              {
                type: "p",
                text: "Puedes borrar o bloquear las cookies en la configuración de tu navegador; sin la cookie de sesión no podrás iniciar sesión ni completar compras.",
              },
            ],
          },
        ],
      };
    case "returns":
      return {
        title: "Política de Devoluciones",
        metaDescription:
          "Devoluciones dentro de 7 días posteriores a la entrega con el producto sellado. Reembolsos en 3 a 5 días hábiles.",
        intro:
          "Si tu compra no cumple tus expectativas, puedes devolverla dentro de los 7 días posteriores a la entrega.",
        contactButtons: true,
        sections: [
          {
            heading: "Producto sellado",
            blocks: [
              {
                type: "p",
                text: "Por higiene y para garantizar la autenticidad, solo aceptamos perfumes sellados, sin uso y en su empaque original con el celofán intacto.",
              },
            ],
          },
          {
            heading: "Garantía de autenticidad",
            blocks: [
              {
                type: "p",
                text: "Todos nuestros perfumes son originales. Si dudas de la autenticidad de un producto, puedes reclamar hasta 30 días después de la entrega y te reembolsamos en 24 a 48 horas si se comprueba.",
              },
            ],
          },
          {
            heading: "Condiciones",
            blocks: [
              {
                type: "ul",
                items: [
                  "La solicitud se hace dentro de los 7 días posteriores a la entrega.",
                  "Debes presentar tu número de pedido.",
                  "Los productos por encargo solo se devuelven por defecto de fábrica o error en el envío.",
                  "Si el producto llegó dañado o no es el que pediste, el envío de la devolución corre por nuestra cuenta.",
                ],
              },
            ],
          },
          {
            heading: "Proceso de devolución",
            blocks: [
              {
                type: "ol",
                items: [
                  "Escríbenos por WhatsApp o correo con tu número de pedido y el motivo.",
                  "Te confirmamos si la devolución procede en un máximo de 24 horas.",
                  "Entrega el producto en nuestra tienda o coordinamos su recolección.",
                  "Revisamos que el producto esté sellado y en su empaque original.",
                  "Procesamos tu reembolso o el cambio por otro producto.",
                ],
              },
            ],
          },
          {
            heading: "Reembolsos",
            blocks: [
              {
                type: "p",
                text: "Una vez aprobada la devolución, el reembolso se procesa en 3 a 5 días hábiles por transferencia bancaria, que tu banco refleja en 1 a 3 días. El costo del envío original no se reembolsa, salvo error nuestro.",
              },
            ],
          },
        ],
      };
    case "warranty":
      return {
        title: "Garantía de Autenticidad",
        metaDescription:
          "Todos nuestros perfumes son 100% originales. Reclamos hasta 30 días después de la entrega, reembolso en 24 a 48 horas.",
        intro: "Solo vendemos perfumes originales, sellados de fábrica y con su código de lote.",
        contactButtons: true,
        sections: [
          {
            heading: "Nuestro compromiso",
            blocks: [
              {
                type: "ul",
                items: [
                  "Compramos directamente a las casas de perfumería y a sus distribuidores autorizados.",
                  "Productos nuevos, sellados y con empaque original.",
                  "Almacenamiento protegido del calor y de la luz.",
                ],
              },
            ],
          },
          {
            heading: "Cómo hacer un reclamo",
            blocks: [
              {
                type: "ol",
                items: [
                  "Escríbenos hasta 30 días después de la entrega, con tu número de pedido y fotos del producto, el empaque y el código de lote.",
                  "Revisamos el caso con el distribuidor.",
                  "Si el producto no es auténtico, te devolvemos el 100% de tu dinero en 24 a 48 horas.",
                ],
              },
            ],
          },
        ],
      };
  }
}

/** backoffice.md §2: 12 questions in the 5 categories of the static FAQ. */
export function staticFaq(settings: StoreSettings): FaqCategory[] {
  const price = shipping(settings);
  return [
    {
      key: "general",
      label: "General",
      questions: [
        {
          question: "¿Necesito una cuenta para comprar?",
          answer:
            "No. Puedes comprar como invitado; con una cuenta sigues tus pedidos, guardas favoritos y acumulas puntos de lealtad.",
        },
        { question: "¿Cuál es su horario de atención?", answer: HOURS },
      ],
    },
    {
      key: "products",
      label: "Productos",
      questions: [
        {
          question: "¿Los perfumes son originales?",
          answer:
            "Sí. Todos nuestros productos son originales, sellados de fábrica y comprados a distribuidores autorizados.",
        },
        {
          question: "¿Qué diferencia hay entre Eau de Toilette, Eau de Parfum y Parfum?",
          answer:
            "La concentración de esencias: el Eau de Toilette es más ligero, el Eau de Parfum dura más y el Parfum es el más intenso y duradero.",
        },
        {
          question: "¿Qué son los productos por encargo?",
          answer:
            "Fragancias que pedimos especialmente para ti. Llegan en 2 a 4 semanas después de confirmar tu pago.",
        },
      ],
    },
    {
      key: "orders",
      label: "Pedidos",
      questions: [
        {
          question: "¿Qué métodos de pago aceptan?",
          answer:
            "Transferencia bancaria: al finalizar la compra adjuntas el comprobante y nuestro equipo lo verifica.",
        },
        {
          question: "¿Cuándo se confirma mi pedido?",
          answer:
            "Cuando verificamos tu comprobante; te contactamos dentro de las 24 horas siguientes.",
        },
        {
          question: "¿Puedo modificar o cancelar mi pedido?",
          answer:
            "Sí, dentro de las 2 horas siguientes a haberlo realizado. Escríbenos con tu número de pedido.",
        },
      ],
    },
    {
      key: "shipping",
      label: "Envíos",
      questions: [
        {
          question: "¿Cuánto cuesta el envío?",
          answer: `El envío estándar cuesta ${price.standard} y es gratis en compras desde ${price.freeFrom}; el express cuesta ${price.express} y es gratis desde ${price.expressFreeFrom}. Recoger en tienda no tiene costo.`,
        },
        {
          question: "¿Cuánto tarda mi pedido?",
          answer:
            "De 1 a 2 días en Tegucigalpa y San Pedro Sula y de 2 a 4 días en el resto del país. Entregamos de lunes a sábado de 8:00 a. m. a 6:00 p. m.",
        },
      ],
    },
    {
      key: "returns",
      label: "Devoluciones",
      questions: [
        {
          question: "¿Puedo devolver un perfume?",
          answer:
            "Sí, dentro de los 7 días posteriores a la entrega, si está sellado y en su empaque original.",
        },
        {
          question: "¿Cuánto tarda mi reembolso?",
          answer:
            "Se procesa en 3 a 5 días hábiles una vez aprobada la devolución; la transferencia se refleja en tu banco en 1 a 3 días.",
        },
      ],
    },
  ];
}

/**
 * A policy page as the storefront shows it (backoffice.md §2): the active CMS page of its key,
 * or else the built-in text. Only the one shown travels to the browser.
 */
export async function getPolicyPage(key: StaticPageKey) {
  const page = await getActiveCmsPage(key);
  if (page) return { page, fallback: null };
  return { page: null, fallback: staticPage(key, await getSettings()) };
}
