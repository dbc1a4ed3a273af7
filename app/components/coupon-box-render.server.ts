/*
 * The code box as the server renders it; the checkout keeps that HTML (its buttons belong to the
 * checkout's own form) and loads coupon-box.tsx only to draw it anew (decision 159).
 */
export { CouponBox } from "./coupon-box";
