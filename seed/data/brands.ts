export type SeedBrand = {
  name: string;
  slug: string;
  country: string;
  description: string;
};

export const BRANDS: SeedBrand[] = [
  {
    name: "Dior",
    slug: "dior",
    country: "Francia",
    description:
      "Casa de alta costura parisina fundada en 1946 por Christian Dior. Sus perfumes, creados en Grasse, combinan la elegancia francesa con materias primas excepcionales.",
  },
  {
    name: "Chanel",
    slug: "chanel",
    country: "Francia",
    description:
      "La maison de Gabrielle Chanel, creadora del legendario N°5. Fragancias atemporales de refinamiento absoluto, elaboradas con flores cultivadas en sus propios campos de Grasse.",
  },
  {
    name: "Tom Ford",
    slug: "tom-ford",
    country: "Estados Unidos",
    description:
      "Lujo contemporáneo y sensualidad sin concesiones. Su colección Private Blend redefinió la perfumería de autor con oud, tabaco y cueros de gran intensidad.",
  },
  {
    name: "Creed",
    slug: "creed",
    country: "Francia",
    description:
      "Perfumista de tradición centenaria con raíces londinenses y parisinas. Creador de Aventus, un icono de la perfumería de nicho masculina.",
  },
  {
    name: "Yves Saint Laurent",
    slug: "yves-saint-laurent",
    country: "Francia",
    description:
      "Audacia, libertad y glamour parisino. Las fragancias de YSL Beauté son tan atrevidas como la moda que les dio origen.",
  },
  {
    name: "Giorgio Armani",
    slug: "giorgio-armani",
    country: "Italia",
    description:
      "La elegancia italiana hecha fragancia. Desde Acqua di Giò hasta Sì, las creaciones de Armani destacan por su sofisticación serena y su calidad impecable.",
  },
  {
    name: "Versace",
    slug: "versace",
    country: "Italia",
    description:
      "El espíritu mediterráneo y la mitología griega de la casa de la Medusa, en perfumes vibrantes, seductores y llenos de energía.",
  },
  {
    name: "Carolina Herrera",
    slug: "carolina-herrera",
    country: "Estados Unidos",
    description:
      "La visión de la diseñadora venezolana Carolina Herrera: fragancias elegantes y atrevidas, como el icónico frasco en forma de tacón de Good Girl.",
  },
  {
    name: "Jean Paul Gaultier",
    slug: "jean-paul-gaultier",
    country: "Francia",
    description:
      "El enfant terrible de la moda francesa. Sus frascos en forma de torso y sus acordes de lavanda y vainilla son inconfundibles.",
  },
  {
    name: "Maison Francis Kurkdjian",
    slug: "maison-francis-kurkdjian",
    country: "Francia",
    description:
      "Casa de perfumería de autor fundada en París por Francis Kurkdjian. Creador de Baccarat Rouge 540, una de las fragancias de nicho más deseadas del mundo.",
  },
  {
    name: "Parfums de Marly",
    slug: "parfums-de-marly",
    country: "Francia",
    description:
      "Inspirada en el esplendor de la corte de Luis XV y sus caballos de pura sangre. Perfumería de nicho opulenta, con gran proyección y duración.",
  },
  {
    name: "Kenzo",
    slug: "kenzo",
    country: "Francia",
    description:
      "Fundada en París por el diseñador japonés Kenzo Takada. Fragancias poéticas inspiradas en la naturaleza, como la amapola de Flower by Kenzo.",
  },
  {
    name: "Lattafa",
    slug: "lattafa",
    country: "Emiratos Árabes Unidos",
    description:
      "Perfumería árabe contemporánea de Dubái: ámbar, oud y especias con gran intensidad y un precio accesible. Favorita de las redes sociales.",
  },
  {
    name: "Paco Rabanne",
    slug: "paco-rabanne",
    country: "Francia",
    description:
      "Fragancias icónicas y magnéticas, de 1 Million a Invictus, con frascos que son verdaderos objetos de diseño.",
  },
  {
    name: "Initio Parfums Privés",
    slug: "initio-parfums-prives",
    country: "Francia",
    description:
      "Casa parisina de nicho que explora el poder de atracción de las fragancias, con almizcles, oud y acordes hipnóticos de gran persistencia.",
  },
  {
    name: "Byredo",
    slug: "byredo",
    country: "Suecia",
    description:
      "Perfumería de autor fundada en Estocolmo por Ben Gorham. Composiciones minimalistas y evocadoras que cuentan recuerdos y viajes.",
  },
];
