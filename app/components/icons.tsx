import type { SVGProps } from "react";
import spriteHref from "./icons.svg";

/*
 * 24×24 stroke icons (no icon library) drawn from one SVG sprite, a static file the browser
 * caches once: a page's HTML carries a `<use>` per icon instead of its paths, and the paths stay
 * out of the JavaScript (issue 11). Decorative by default (aria-hidden); the control that holds
 * an icon carries the label. Fill and size come from the outer <svg>, so classes such as
 * `fill-current` still style them; the stroke and the 24×24 viewBox are the sprite's own
 * (a page renders dozens of icons: six fewer attributes each, issue 11).
 */
export type IconProps = SVGProps<SVGSVGElement>;

function icon(id: string) {
  return function Icon({ className = "size-5", ...props }: IconProps) {
    return (
      <svg fill="none" aria-hidden="true" className={className} {...props}>
        <use href={`${spriteHref}#${id}`} />
      </svg>
    );
  };
}

export const SearchIcon = icon("search");
export const HeartIcon = icon("heart");
export const BellIcon = icon("bell");
export const CartIcon = icon("cart");
export const UserIcon = icon("user");
export const MenuIcon = icon("menu");
export const SunIcon = icon("sun");
export const MoonIcon = icon("moon");
export const MonitorIcon = icon("monitor");
export const XIcon = icon("x");
export const LogoutIcon = icon("logout");
export const StoreIcon = icon("store");
export const ChartIcon = icon("chart");
export const BoxIcon = icon("box");
export const ReceiptIcon = icon("receipt");
export const BookIcon = icon("book");
export const UsersIcon = icon("users");
export const TagIcon = icon("tag");
export const StarIcon = icon("star");
export const MailIcon = icon("mail");
export const SendIcon = icon("send");
export const SettingsIcon = icon("settings");
export const FileIcon = icon("file");
export const HomeIcon = icon("home");
export const PercentIcon = icon("percent");
export const SparklesIcon = icon("sparkles");
export const ClockIcon = icon("clock");
export const MinusIcon = icon("minus");
export const PlusIcon = icon("plus");
export const ShieldCheckIcon = icon("shield-check");
