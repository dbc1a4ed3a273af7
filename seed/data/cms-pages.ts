/**
 * Editable content pages (backoffice.md §2 "CMS"). The figures follow backoffice.md §9:
 * returns within 7 days of delivery, refunds in 3–5 business days (1–3 days once a bank
 * transfer is issued), authenticity claims up to 30 days with refund in 24–48 hours, order
 * changes within 2 hours. Prices, tax, points and contact details are read from the store's
 * settings, so the pages say what the store does.
 */
import { formatOrderNumber } from "../../app/models/orders/number";
import type { StoreSettings } from "../../app/models/settings/settings";
import { formatMoney } from "../../app/utils/money";
import { whatsappUrl } from "../../app/utils/whatsapp";

export type SeedCmsPage = {
  key: "terms" | "privacy" | "cookies" | "returns" | "faq" | "warranty" | "tracking";
  title: string;
  metaDescription: string;
  content: string;
};

/** The pages as the store's settings make them. */
type NumberKey = {
  [K in keyof StoreSettings]: StoreSettings[K] extends number ? K : never;
}[keyof StoreSettings];

export function cmsPages(settings: StoreSettings): SeedCmsPage[] {
  const money = (key: NumberKey) => formatMoney(settings[key]);
  const count = (key: NumberKey) => settings[key].toLocaleString("es-HN");
  const points = (key: NumberKey) => `${count(key)} ${settings[key] === 1 ? "punto" : "puntos"}`;
  const email = settings.contactEmail;
  const whatsapp = settings.contactWhatsapp;
  const whatsappLink = whatsappUrl(whatsapp);
  const byWhatsapp = whatsappLink
    ? ` o por WhatsApp al <a href="${whatsappLink}">${whatsapp}</a>`
    : "";
  const orderNumberExample = formatOrderNumber(new Date("2026-10-15T18:00:00Z"), 4821);

  const contactBlock = `<p>¿Tienes dudas? Escríbenos a <a href="mailto:${email}">${email}</a>${byWhatsapp}, de lunes a viernes de 9:00 a. m. a 6:00 p. m. y sábados de 9:00 a. m. a 4:00 p. m.</p>`;

  return [
    {
      key: "terms",
      title: "Términos y Condiciones",
      metaDescription:
        "Términos y condiciones de compra en Perfumería de Lujo: precios en lempiras, pago por transferencia bancaria, envíos a toda Honduras, pedidos por encargo y programa de puntos.",
      content: `<h2>1. Aceptación de los términos</h2>
<p>Al navegar y comprar en Perfumería de Lujo aceptas estos términos y condiciones. Te recomendamos leerlos con atención antes de realizar tu pedido. Estos términos se rigen por las leyes de la República de Honduras, incluida la Ley de Protección al Consumidor.</p>

<h2>2. Productos</h2>
<p>Todos los perfumes que vendemos son <strong>100% originales</strong>, adquiridos a distribuidores autorizados y a las casas de perfumería. Las imágenes son ilustrativas; la presentación del frasco o del empaque puede variar según el lote del fabricante.</p>
<ul>
  <li>Los precios se muestran en lempiras (L) y corresponden al tamaño indicado en cada producto.</li>
  <li>El Impuesto Sobre Ventas (ISV ${settings.tax_percentage}%) se calcula y se muestra por separado en el resumen del pedido.</li>
  <li>Las existencias se actualizan en tiempo real; un producto se reserva solo cuando se confirma el pedido.</li>
</ul>

<h2>3. Pedidos y pago</h2>
<p>El pago se realiza mediante <strong>transferencia bancaria</strong>. Al finalizar la compra debes adjuntar el comprobante de la transferencia. Nuestro equipo verifica el pago y te contactará dentro de las siguientes 24 horas para confirmar tu pedido.</p>
<ul>
  <li>Un pedido queda <em>pendiente de revisión</em> hasta que verifiquemos el comprobante.</li>
  <li>Si el comprobante es ilegible o el pago no se refleja, el pedido puede ser denegado y te lo notificaremos.</li>
  <li>Puedes solicitar cambios o la cancelación de tu pedido dentro de las <strong>2 horas</strong> siguientes a haberlo realizado.</li>
</ul>

<h2>4. Envíos</h2>
<p>Realizamos envíos a los 18 departamentos de Honduras:</p>
<ul>
  <li><strong>Envío estándar</strong> (3 a 5 días hábiles): ${money("shipping_cost")}, gratis en compras desde ${money("free_shipping_threshold")}.</li>
  <li><strong>Envío express</strong> (1 a 2 días hábiles en Tegucigalpa y San Pedro Sula; 2 a 4 días en el resto del país): ${money("express_shipping_cost")}, gratis en compras desde ${money("express_free_shipping_threshold")}.</li>
  <li><strong>Recoger en tienda</strong>: sin costo, en nuestro local de Tegucigalpa.</li>
</ul>
<p>Las entregas se realizan de lunes a sábado entre las 8:00 a. m. y las 6:00 p. m.</p>

<h2>5. Productos por encargo</h2>
<p>Algunas fragancias exclusivas se venden <strong>por encargo</strong>. Su tiempo de entrega es de 2 a 4 semanas desde la confirmación del pago. Te mantendremos informado del avance de tu pedido.</p>

<h2>6. Cupones y programa de puntos</h2>
<ul>
  <li>Ganas ${points("loyalty_points_per_lempira")} por cada L 1 del subtotal de tus pedidos entregados.</li>
  <li>Puedes canjear tus puntos por cupones de descuento: ${points("loyalty_points_per_lempira_discount")} equivalen a L 1, en múltiplos de ${points("loyalty_redeem_step")} (mínimo ${points("loyalty_redeem_minimum")}).</li>
  <li>Los puntos vencen después de ${count("loyalty_points_expiry_days")} días sin realizar una compra.</li>
  <li>Niveles: Bronce, Plata (desde ${points("loyalty_tier_plata")} acumulados) y Oro (desde ${points("loyalty_tier_oro")}).</li>
  <li>Los cupones y códigos promocionales no son acumulables entre sí ni canjeables por dinero.</li>
</ul>

<h2>7. Devoluciones</h2>
<p>Las devoluciones se rigen por nuestra <a href="/returns">Política de Devoluciones</a>.</p>

<h2>8. Cambios a estos términos</h2>
<p>Podemos actualizar estos términos en cualquier momento. La versión publicada en este sitio es la vigente al momento de tu compra.</p>
${contactBlock}`,
    },
    {
      key: "privacy",
      title: "Política de Privacidad",
      metaDescription:
        "Cómo Perfumería de Lujo recopila, usa y protege tus datos personales: información de pedidos, comprobantes de pago privados, cookies y tus derechos sobre tu información.",
      content: `<h2>Tu privacidad es importante</h2>
<p>En Perfumería de Lujo protegemos la información que nos confías. Esta política explica qué datos recopilamos, para qué los usamos y cuáles son tus derechos.</p>

<h2>Información que recopilamos</h2>
<ul>
  <li><strong>Datos de cuenta:</strong> nombre, apellido, correo electrónico, teléfono y direcciones de entrega.</li>
  <li><strong>Datos de pedidos:</strong> productos comprados, montos, método de envío y comprobante de pago.</li>
  <li><strong>Datos de navegación:</strong> los productos que viste recientemente y tu preferencia de tema (claro u oscuro), guardados en cookies de tu navegador.</li>
  <li><strong>Mensajes:</strong> la información que nos envías por el formulario de contacto.</li>
</ul>

<h2>Para qué usamos tu información</h2>
<ul>
  <li>Procesar, enviar y darle seguimiento a tus pedidos.</li>
  <li>Verificar tus pagos por transferencia bancaria.</li>
  <li>Administrar tu cuenta, tus puntos de lealtad y tus cupones.</li>
  <li>Responder tus consultas y enviarte notificaciones sobre tus pedidos.</li>
</ul>

<h2>Comprobantes de pago</h2>
<p>Los comprobantes que adjuntas son <strong>privados</strong>: solo tú y el personal administrativo autorizado pueden verlos.</p>

<h2>Con quién compartimos tus datos</h2>
<p>No vendemos ni alquilamos tu información. Solo compartimos los datos necesarios con la empresa de mensajería que entrega tu pedido (nombre, teléfono y dirección).</p>

<h2>Seguridad</h2>
<p>Tus contraseñas se guardan cifradas con algoritmos de alta seguridad y nuestro sitio utiliza conexiones cifradas (HTTPS).</p>

<h2>Tus derechos</h2>
<ul>
  <li>Consultar y actualizar tus datos desde tu perfil.</li>
  <li>Solicitar la eliminación de tu cuenta desde la sección de perfil o escribiéndonos.</li>
  <li>Pedirnos información sobre el uso de tus datos.</li>
</ul>
${contactBlock}`,
    },
    {
      key: "cookies",
      title: "Política de Cookies",
      metaDescription:
        "Qué cookies utiliza Perfumería de Lujo: sesión, carrito, tema visual y productos vistos recientemente. No usamos cookies publicitarias de terceros.",
      content: `<h2>¿Qué son las cookies?</h2>
<p>Las cookies son pequeños archivos que tu navegador guarda al visitar un sitio web. Nos permiten recordar tu sesión y tus preferencias.</p>

<h2>Cookies que utilizamos</h2>
<ul>
  <li><strong>Sesión:</strong> mantiene tu inicio de sesión y tu carrito de compras, incluso si compras sin cuenta. Es imprescindible para que la tienda funcione.</li>
  <li><strong>Tema:</strong> recuerda si prefieres el modo claro, oscuro o el del sistema.</li>
  <li><strong>Vistos recientemente:</strong> guarda los últimos productos que visitaste para mostrártelos en el catálogo.</li>
</ul>
<p><strong>No utilizamos cookies publicitarias ni de seguimiento de terceros.</strong></p>

<h2>Cómo gestionar las cookies</h2>
<p>Puedes borrar o bloquear las cookies desde la configuración de tu navegador. Ten en cuenta que, si bloqueas la cookie de sesión, no podrás iniciar sesión ni completar compras.</p>
${contactBlock}`,
    },
    {
      key: "returns",
      title: "Política de Devoluciones",
      metaDescription:
        "Devoluciones dentro de 7 días posteriores a la entrega con el producto sellado. Reembolsos en 3 a 5 días hábiles. Conoce las condiciones y el proceso paso a paso.",
      content: `<h2>Tu satisfacción es nuestra prioridad</h2>
<p>Si tu compra no cumple tus expectativas, puedes solicitar una devolución dentro de los <strong>7 días</strong> posteriores a la entrega.</p>

<h2>Condiciones</h2>
<ul>
  <li>El producto debe estar <strong>sellado</strong>, sin uso y en su empaque original con el celofán intacto.</li>
  <li>Debes presentar tu número de pedido.</li>
  <li>Los productos por encargo solo se aceptan en devolución por defecto de fábrica o error en el envío.</li>
  <li>Si el producto llegó dañado o no corresponde a tu pedido, el envío de la devolución corre por nuestra cuenta.</li>
</ul>

<h2>Garantía de autenticidad</h2>
<p>Todos nuestros perfumes son originales. Si tienes dudas sobre la autenticidad de un producto, consulta nuestra <a href="/authenticity">Garantía de Autenticidad</a>.</p>

<h2>Proceso de devolución</h2>
<ol>
  <li>Escríbenos por WhatsApp o correo con tu número de pedido y el motivo de la devolución.</li>
  <li>Te confirmaremos si la devolución procede en un máximo de 24 horas.</li>
  <li>Entrega el producto en nuestra tienda o coordinamos su recolección.</li>
  <li>Inspeccionamos el producto para verificar que cumple las condiciones.</li>
  <li>Procesamos tu reembolso o el cambio por otro producto.</li>
</ol>

<h2>Reembolsos</h2>
<p>Una vez aprobada la devolución, el reembolso se procesa en <strong>3 a 5 días hábiles</strong>. Los reembolsos se realizan por transferencia bancaria y se reflejan en tu cuenta de 1 a 3 días después de emitidos, según tu banco. Los costos de envío originales no son reembolsables, salvo error nuestro.</p>
${contactBlock}`,
    },
    {
      key: "faq",
      title: "Preguntas Frecuentes",
      metaDescription:
        "Respuestas a las preguntas más frecuentes sobre autenticidad, pedidos, pagos por transferencia, envíos a toda Honduras y devoluciones en Perfumería de Lujo.",
      content: `<h2>General</h2>
<h3>¿Quiénes son Perfumería de Lujo?</h3>
<p>Somos una tienda hondureña especializada en perfumes originales de diseñador y de nicho, con tienda física en Tegucigalpa y envíos a todo el país.</p>
<h3>¿Necesito una cuenta para comprar?</h3>
<p>No. Puedes comprar como invitado, pero con una cuenta puedes seguir tus pedidos, guardar favoritos y acumular puntos de lealtad.</p>

<h2>Productos</h2>
<h3>¿Los perfumes son originales?</h3>
<p>Sí, el 100% de nuestros productos son originales y vienen sellados de fábrica. Los adquirimos a distribuidores autorizados.</p>
<h3>¿Qué diferencia hay entre Eau de Toilette, Eau de Parfum y Parfum?</h3>
<p>La concentración de esencias: el Eau de Toilette es más ligero (4 a 6 horas), el Eau de Parfum dura más (6 a 10 horas) y el Parfum o Elixir es el más intenso y duradero.</p>
<h3>¿Qué son los productos por encargo?</h3>
<p>Son fragancias exclusivas que pedimos especialmente para ti. Llegan en un plazo de 2 a 4 semanas después de confirmar tu pago.</p>

<h2>Pedidos y pagos</h2>
<h3>¿Qué métodos de pago aceptan?</h3>
<p>Aceptamos transferencia bancaria. Al finalizar tu compra adjuntas el comprobante y nuestro equipo lo verifica.</p>
<h3>¿Cuándo se confirma mi pedido?</h3>
<p>Verificamos los comprobantes en horario de atención y te contactamos dentro de las 24 horas siguientes. Recibirás una notificación cuando tu pago sea aprobado.</p>
<h3>¿Puedo modificar o cancelar mi pedido?</h3>
<p>Sí, dentro de las 2 horas siguientes a haberlo realizado. Escríbenos por WhatsApp con tu número de pedido.</p>

<h2>Envíos</h2>
<h3>¿Cuánto cuesta el envío?</h3>
<p>El envío estándar cuesta ${money("shipping_cost")} y es gratis en compras desde ${money("free_shipping_threshold")}. El envío express cuesta ${money("express_shipping_cost")} y es gratis desde ${money("express_free_shipping_threshold")}. Recoger en tienda no tiene costo.</p>
<h3>¿Cuánto tarda mi pedido?</h3>
<p>De 1 a 2 días hábiles en Tegucigalpa y San Pedro Sula, y de 2 a 4 días hábiles en el resto del país con envío express. El envío estándar tarda de 3 a 5 días hábiles. Entregamos de lunes a sábado de 8:00 a. m. a 6:00 p. m.</p>
<h3>¿Cómo sigo mi pedido?</h3>
<p>En la página <a href="/track-order">Seguimiento de pedido</a>, con tu número de pedido y tu correo electrónico.</p>

<h2>Devoluciones</h2>
<h3>¿Puedo devolver un perfume?</h3>
<p>Sí, dentro de los 7 días posteriores a la entrega, siempre que esté sellado y en su empaque original. El reembolso se procesa en 3 a 5 días hábiles. Consulta nuestra <a href="/returns">Política de Devoluciones</a>.</p>
${contactBlock}`,
    },
    {
      key: "warranty",
      title: "Garantía de Autenticidad",
      metaDescription:
        "Todos nuestros perfumes son 100% originales. Si un producto no es auténtico, puedes reclamar hasta 30 días después de la entrega y te reembolsamos en 24 a 48 horas.",
      content: `<h2>100% originales, garantizado</h2>
<p>En Perfumería de Lujo solo vendemos perfumes <strong>originales</strong>, adquiridos directamente a las casas de perfumería y a sus distribuidores autorizados. Cada frasco llega sellado de fábrica, con su código de lote.</p>

<h2>Nuestro compromiso</h2>
<ul>
  <li>Productos nuevos, sellados y con empaque original.</li>
  <li>Códigos de lote verificables con el fabricante.</li>
  <li>Almacenamiento en condiciones controladas de temperatura y luz para preservar cada fragancia.</li>
</ul>

<h2>¿Cómo hacer un reclamo?</h2>
<p>Si tienes dudas sobre la autenticidad de un producto comprado en nuestra tienda, puedes presentar un reclamo hasta <strong>30 días</strong> después de la entrega:</p>
<ol>
  <li>Escríbenos con tu número de pedido y fotografías del producto, el empaque y el código de lote.</li>
  <li>Nuestro equipo revisará el caso junto con el distribuidor.</li>
  <li>Si se comprueba que el producto no es auténtico, te devolvemos el 100% de tu dinero en un plazo de <strong>24 a 48 horas</strong>.</li>
</ol>
${contactBlock}`,
    },
    {
      key: "tracking",
      title: "Seguimiento de Pedido",
      metaDescription:
        "Consulta el estado de tu pedido con tu número de pedido y tu correo electrónico. Conoce qué significa cada estado y los tiempos de entrega en Honduras.",
      content: `<h2>¿Dónde está mi pedido?</h2>
<p>Ingresa tu número de pedido (por ejemplo, <strong>${orderNumberExample}</strong>) y el correo electrónico con el que compraste. Encontrarás el número en el correo de confirmación y en la sección «Mis pedidos» de tu cuenta.</p>

<h2>Estados de tu pedido</h2>
<ul>
  <li><strong>Recibido:</strong> registramos tu pedido y estamos revisando tu comprobante de pago.</li>
  <li><strong>Aprobado:</strong> verificamos tu pago.</li>
  <li><strong>En preparación:</strong> estamos empacando tu pedido con cuidado.</li>
  <li><strong>En camino:</strong> tu pedido fue entregado a la empresa de mensajería.</li>
  <li><strong>Entregado:</strong> ¡disfruta tu fragancia!</li>
</ul>

<h2>Tiempos de entrega</h2>
<ul>
  <li>Tegucigalpa y San Pedro Sula: 1 a 2 días hábiles con envío express.</li>
  <li>Resto del país: 2 a 4 días hábiles con envío express.</li>
  <li>Envío estándar: 3 a 5 días hábiles.</li>
  <li>Productos por encargo: 2 a 4 semanas.</li>
</ul>
<p>Las entregas se realizan de lunes a sábado de 8:00 a. m. a 6:00 p. m.</p>
${contactBlock}`,
    },
  ];
}
