import type { MetadataRoute } from "next";

/** Where an installed TripSync opens: the home page, which sends a launch straight into the member's trip. */
export const APP_START_URL = "/?launch=app";

/**
 * The web app manifest (/manifest.webmanifest): what a phone needs to add TripSync to its
 * home screen and open it as an app. One for everyone: the start URL is the home page with
 * `launch=app`, which opens the trip this device was last signed in to (app/page.tsx).
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: "TripSync",
    short_name: "TripSync",
    description: "Your group trip's plan, day by day, on your phone — also offline.",
    start_url: APP_START_URL,
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: "#ffffff",
    theme_color: "#4f46e5",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
