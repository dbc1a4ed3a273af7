/*
 * The catalogue's filter form as the server renders it; the page keeps that HTML and loads
 * filter-fields.tsx only when the filters in force change (keptFilterForm, decision 159).
 */
export { FilterForm } from "./filter-fields";
