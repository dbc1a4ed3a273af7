/**
 * Demo people and their history: the admin, a demo customer with orders in
 * every status, a few reviewers (Google-style accounts without a password),
 * reviews, contact messages and promo codes. Dates are "days ago" so the store
 * always looks current; seed/seed.ts turns them into ISO timestamps.
 */

import type { OrderStatus, ShippingMethod } from "../../db/types";

export const DEMO_CUSTOMER = {
  email: "cliente@perfumeria.hn",
  password: "cliente1234",
  firstName: "María",
  lastName: "López",
  phone: "+504 9876-5432",
  address: "Col. Lomas del Guijarro, Calle Roma, Casa 24, Tegucigalpa",
  favoriteAddress1: "Col. Lomas del Guijarro, Calle Roma, Casa 24, Tegucigalpa, Francisco Morazán",
  favoriteAddress2:
    "Edificio Torre Metrópolis, Piso 9, Boulevard Suyapa, Tegucigalpa, Francisco Morazán",
  birthDate: "1991-03-14",
  daysAgo: 100,
} as const;

export const ADMIN_PROFILE = {
  firstName: "Administrador",
  lastName: "Tienda",
  phone: "+504 2232-4567",
  daysAgo: 130,
} as const;

export const REVIEWERS = [
  {
    key: "andrea",
    firstName: "Andrea",
    lastName: "Zelaya",
    email: "andrea.zelaya@example.com",
    phone: "+504 9712-3345",
    city: "San Pedro Sula",
    daysAgo: 96,
  },
  {
    key: "carlos",
    firstName: "Carlos",
    lastName: "Mejía",
    email: "carlos.mejia@example.com",
    phone: "+504 3189-6620",
    city: "Tegucigalpa",
    daysAgo: 88,
  },
  {
    key: "gabriela",
    firstName: "Gabriela",
    lastName: "Reyes",
    email: "gabriela.reyes@example.com",
    phone: "+504 8890-1452",
    city: "La Ceiba",
    daysAgo: 71,
  },
  {
    key: "luis",
    firstName: "Luis Fernando",
    lastName: "Castillo",
    email: "luisfernando.castillo@example.com",
    phone: "+504 9455-7781",
    city: "Comayagua",
    daysAgo: 64,
  },
] as const;

export type ReviewerKey = (typeof REVIEWERS)[number]["key"];

export type OrderItemSpec = { slug: string; quantity: number; size?: string };

export type OrderSpec = {
  /** a local name used to link reviews, notifications and points */
  ref: string;
  status: OrderStatus;
  daysAgo: number;
  shippingMethod: ShippingMethod;
  items: OrderItemSpec[];
  promoCode?: string;
  /** Where it goes; a pickup order has none (checkout writes the store's address). */
  address?: string;
  city?: string;
  zone?: string;
  reference?: string;
  trackingNumber?: string;
  /** the reason an admin gave for cancel / deny */
  reason?: string;
};

const HOME = {
  address: "Col. Lomas del Guijarro, Calle Roma, Casa 24",
  city: "Tegucigalpa",
  zone: "Francisco Morazán",
  reference: "Portón negro frente al parque de la colonia",
};

/** The demo customer's orders, oldest first. */
export const DEMO_ORDERS: OrderSpec[] = [
  {
    ref: "first",
    status: "delivered",
    daysAgo: 74,
    shippingMethod: "standard",
    items: [{ slug: "kenzo-flower-by-kenzo", quantity: 1, size: "50ml" }],
    promoCode: "BIENVENIDO10",
    ...HOME,
  },
  {
    ref: "gift-cancelled",
    status: "cancelled",
    daysAgo: 52,
    shippingMethod: "express",
    items: [{ slug: "chanel-coco-mademoiselle", quantity: 1 }],
    address: "Res. Los Álamos, Bloque C, Casa 7",
    city: "San Pedro Sula",
    zone: "Cortés",
    reference: "Casa de dos pisos color beige",
    reason:
      "La clienta pidió cancelar el pedido dentro de las 2 horas para cambiar el regalo. Se repuso el inventario.",
  },
  {
    ref: "denied",
    status: "denied",
    daysAgo: 37,
    shippingMethod: "standard",
    items: [{ slug: "yves-saint-laurent-libre", quantity: 1 }],
    ...HOME,
    reason:
      "El comprobante de transferencia es ilegible y no coincide con ningún depósito recibido. Se le pidió reenviarlo sin respuesta.",
  },
  {
    ref: "second",
    status: "delivered",
    daysAgo: 16,
    shippingMethod: "standard",
    items: [
      { slug: "lattafa-yara", quantity: 1 },
      { slug: "lattafa-fakhar-black", quantity: 1 },
    ],
    ...HOME,
  },
  {
    ref: "shipped",
    status: "shipped",
    daysAgo: 4,
    shippingMethod: "express",
    items: [
      { slug: "dior-j-adore", quantity: 1 },
      { slug: "versace-bright-crystal", quantity: 1, size: "50ml" },
    ],
    address: "Edificio Torre Metrópolis, Piso 9, Boulevard Suyapa",
    city: "Tegucigalpa",
    zone: "Francisco Morazán",
    reference: "Recepción del edificio, oficina 904",
    trackingNumber: "CAEX-HN-7845120",
  },
  {
    ref: "processing",
    status: "processing",
    daysAgo: 2,
    shippingMethod: "standard",
    items: [{ slug: "parfums-de-marly-delina", quantity: 1 }],
    ...HOME,
  },
  {
    ref: "paid",
    status: "paid",
    daysAgo: 1,
    shippingMethod: "pickup",
    items: [{ slug: "giorgio-armani-si", quantity: 1, size: "50ml" }],
  },
  {
    ref: "pending",
    status: "pending",
    daysAgo: 0,
    shippingMethod: "standard",
    items: [
      { slug: "lattafa-khamrah", quantity: 1 },
      { slug: "lattafa-asad", quantity: 2 },
    ],
    ...HOME,
  },
];

export const PROMO_CODES = [
  {
    code: "BIENVENIDO10",
    description: "10% de descuento en tu primera compra",
    discountType: "percentage" as const,
    discountValue: 10,
    minOrderAmount: 0,
    maxUses: 0,
    validFromDaysAgo: 150,
    validUntilDaysAhead: null,
  },
  {
    code: "VERANO500",
    description: "L 500 de descuento en compras desde L 3,000",
    discountType: "fixed" as const,
    discountValue: 50000,
    minOrderAmount: 300000,
    maxUses: 100,
    validFromDaysAgo: 7,
    validUntilDaysAhead: 150,
  },
];

export type ReviewSpec = {
  slug: string;
  rating: number;
  title: string;
  comment: string;
  /** the demo customer (with the order ref she bought it in), or a reviewer */
  by: { customerOrder: string } | { reviewer: ReviewerKey };
  approved: boolean;
  adminResponse?: string;
};

export const REVIEWS: ReviewSpec[] = [
  {
    slug: "kenzo-flower-by-kenzo",
    rating: 5,
    title: "Mi perfume de siempre",
    comment:
      "Lo uso desde hace años y es la primera vez que lo compro en línea. Llegó sellado, bien empacado y en dos días. El aroma atalcado dura todo el día en la oficina.",
    by: { customerOrder: "first" },
    approved: true,
    adminResponse:
      "¡Gracias por tu confianza, María! Nos alegra que Flower by Kenzo te siga acompañando.",
  },
  {
    slug: "lattafa-yara",
    rating: 4,
    title: "Dulce y cremoso",
    comment:
      "Huele delicioso, muy cremoso y dulce sin empalagar. La duración es buena, unas 6 horas en mi piel. Por el precio es una excelente compra.",
    by: { customerOrder: "second" },
    approved: true,
  },
  {
    slug: "lattafa-fakhar-black",
    rating: 5,
    title: "Regalo perfecto",
    comment: "Se lo regalé a mi esposo y le encantó. Fresco, elegante y le dura toda la jornada.",
    by: { customerOrder: "second" },
    approved: false,
  },
  {
    slug: "kenzo-flower-by-kenzo",
    rating: 4,
    title: "Clásico y elegante",
    comment:
      "Un perfume delicado y muy femenino. Me hubiera gustado que proyectara un poco más, pero es precioso.",
    by: { reviewer: "andrea" },
    approved: true,
  },
  {
    slug: "lattafa-yara",
    rating: 5,
    title: "Me lo preguntan siempre",
    comment:
      "Cada vez que lo uso alguien me pregunta qué perfume llevo. Huele a postre tropical. ¡Súper recomendado!",
    by: { reviewer: "gabriela" },
    approved: true,
  },
  {
    slug: "dior-sauvage",
    rating: 5,
    title: "Original y muy duradero",
    comment:
      "Tenía dudas de comprar perfume en línea, pero llegó sellado y con su código de lote. Dura más de 8 horas y recibo muchos cumplidos.",
    by: { reviewer: "carlos" },
    approved: true,
    adminResponse:
      "¡Gracias, Carlos! Todos nuestros perfumes son originales y con garantía de autenticidad.",
  },
  {
    slug: "dior-sauvage",
    rating: 4,
    title: "Versátil",
    comment:
      "Sirve para el trabajo y para salir. Fresco con el calor de San Pedro Sula. Entrega rápida.",
    by: { reviewer: "luis" },
    approved: true,
  },
  {
    slug: "maison-francis-kurkdjian-baccarat-rouge-540",
    rating: 5,
    title: "Una joya",
    comment: "Vale cada lempira. La estela es increíble y dura hasta el día siguiente en la ropa.",
    by: { reviewer: "andrea" },
    approved: true,
  },
  {
    slug: "maison-francis-kurkdjian-baccarat-rouge-540",
    rating: 4,
    title: "Muy especial",
    comment:
      "Es diferente a todo lo que había probado. Al principio es muy dulce, después se vuelve amaderado y elegante.",
    by: { reviewer: "carlos" },
    approved: true,
  },
  {
    slug: "lattafa-khamrah",
    rating: 5,
    title: "El mejor por su precio",
    comment:
      "Huele a canela y dátiles, perfecto para las noches frescas de diciembre. Dura muchísimo.",
    by: { reviewer: "luis" },
    approved: true,
  },
  {
    slug: "lattafa-khamrah",
    rating: 4,
    title: "Intenso",
    comment: "Muy rico pero hay que aplicarlo con moderación porque es bastante fuerte.",
    by: { reviewer: "gabriela" },
    approved: true,
  },
  {
    slug: "carolina-herrera-good-girl",
    rating: 5,
    title: "Elegante y sensual",
    comment: "Mi favorito para eventos. El frasco es precioso y el aroma es sofisticado.",
    by: { reviewer: "gabriela" },
    approved: true,
  },
  {
    slug: "chanel-bleu-de-chanel",
    rating: 4,
    title: "Un clásico seguro",
    comment: "Elegante y limpio, ideal para la oficina. La atención por WhatsApp fue excelente.",
    by: { reviewer: "luis" },
    approved: true,
  },
  {
    slug: "creed-aventus",
    rating: 5,
    title: "El rey",
    comment:
      "La piña ahumada de Aventus es única. Caro, pero se nota la calidad desde el primer momento.",
    by: { reviewer: "carlos" },
    approved: true,
  },
];

export const MESSAGES = [
  {
    name: "Sofía Hernández",
    email: "sofia.hernandez@example.com",
    phone: "+504 3345-1290",
    subject: "Disponibilidad de Baccarat Rouge 540",
    message:
      "Buenas tardes. Quisiera saber si tendrán más unidades de Baccarat Rouge 540 antes de Navidad, o si puedo pedirlo por encargo. ¡Gracias!",
    daysAgo: 1,
    isRead: 0 as const,
    reply: null,
  },
  {
    name: "Roberto Banegas",
    email: "roberto.banegas@example.com",
    phone: null,
    subject: "Envíos a La Ceiba",
    message: "Hola, ¿hacen envíos a La Ceiba? ¿Cuánto tarda en llegar un pedido con envío express?",
    daysAgo: 6,
    isRead: 1 as const,
    reply:
      "¡Hola, Roberto! Sí, enviamos a los 18 departamentos. Con envío express tu pedido llega a La Ceiba en 2 a 4 días hábiles. Saludos.",
  },
];

/** The demo customer's wishlist. */
export const DEMO_WISHLIST = [
  "maison-francis-kurkdjian-baccarat-rouge-540",
  "tom-ford-lost-cherry",
  "parfums-de-marly-delina",
  "chanel-coco-mademoiselle",
];
