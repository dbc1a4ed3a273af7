/*
 * The checkout's contact and address fields and the shop's address, as the server renders them;
 * the page keeps that HTML and loads checkout-fields.tsx only to draw them anew (decision 159).
 */
export {
  AddressFields,
  ContactFields,
  PayLaterChoice,
  PayLaterClosed,
  PaymentChoice,
  PickupStore,
} from "./checkout-fields";
