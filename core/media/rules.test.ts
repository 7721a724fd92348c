import { describe, expect, it } from "vitest";
import { colorLabel, firstPerColor, imageForColor, imageView, isMediaFileName, mediaFileNames, mediaFormatOf, orderWithFirst, widthsFor } from "./rules.ts";

describe("widthsFor", () => {
  it("takes every width not wider than the original", () => {
    expect(widthsFor(4000)).toEqual([320, 640, 960, 1280]);
    expect(widthsFor(1280)).toEqual([320, 640, 960, 1280]);
    expect(widthsFor(1279)).toEqual([320, 640, 960]);
    expect(widthsFor(640)).toEqual([320, 640]);
    expect(widthsFor(320)).toEqual([320]);
  });

  it("keeps an original narrower than the smallest width at its own width", () => {
    expect(widthsFor(319)).toEqual([319]);
    expect(widthsFor(48)).toEqual([48]);
    expect(widthsFor(1)).toEqual([1]);
  });
});

describe("imageView", () => {
  const record = { id: 7, color: "Black", alt: "The tee on a fence", key: "products/3/abc_D-ef", width: 1000, height: 1250, widths: [640, 320, 960] };

  it("points src at the largest WebP and lists both formats by width", () => {
    const view = imageView(record);
    expect(view).toEqual({
      id: 7,
      color: "Black",
      alt: "The tee on a fence",
      width: 1000,
      height: 1250,
      src: "/media/products/3/abc_D-ef-960.webp",
      srcSetWebp: "/media/products/3/abc_D-ef-320.webp 320w, /media/products/3/abc_D-ef-640.webp 640w, /media/products/3/abc_D-ef-960.webp 960w",
      srcSetAvif: "/media/products/3/abc_D-ef-320.avif 320w, /media/products/3/abc_D-ef-640.avif 640w, /media/products/3/abc_D-ef-960.avif 960w",
    });
  });

  it("names every stored file of an image", () => {
    expect(mediaFileNames("products/3/k", [320, 640])).toEqual(["products/3/k-320.avif", "products/3/k-320.webp", "products/3/k-640.avif", "products/3/k-640.webp"]);
  });
});

describe("imageForColor", () => {
  const all1 = { id: 1, color: null };
  const black = { id: 2, color: "Black" };
  const black2 = { id: 3, color: "Black" };
  const all2 = { id: 4, color: null };

  it("takes the colour's first image", () => {
    expect(imageForColor([all1, black, black2], "Black")).toBe(black);
  });

  it("falls back to the first image for all colours", () => {
    expect(imageForColor([black, all1, all2], "White")).toBe(all1);
    expect(imageForColor([black, all1], null)).toBe(all1);
  });

  it("keeps, for a listing, only the images a colour can pick", () => {
    const list = [black, all1, black2, all2, { id: 5, color: "Red" }];
    expect(firstPerColor(list)).toEqual([black, all1, { id: 5, color: "Red" }]);
    for (const color of ["Black", "Red", "White", null]) expect(imageForColor(firstPerColor(list), color)).toEqual(imageForColor(list, color));
  });

  it("is null when nothing fits: the drawn art is shown", () => {
    expect(imageForColor([black], "White")).toBeNull();
    expect(imageForColor([black], null)).toBeNull();
    expect(imageForColor([], "Black")).toBeNull();
  });
});

describe("stored names", () => {
  it("accepts only the names the store writes", () => {
    expect(isMediaFileName("products/12/AbC_d-e-1280.webp")).toBe(true);
    expect(mediaFormatOf("products/12/AbC-320.avif")).toBe("avif");
    for (const bad of ["../etc/passwd", "products/../x-320.webp", "products/./x-320.webp", "/products/x-320.webp", "products//x-320.webp", "x.webp", "x-320.png", "x-320.webp.tmp", "products/x-320.webp/", "x%2f-320.webp", "products\\x-320.webp", ""]) {
      expect(isMediaFileName(bad), bad).toBe(false);
      expect(mediaFormatOf(bad), bad).toBeNull();
    }
  });
});

describe("orderWithFirst", () => {
  it("moves the image to the front and keeps the others' order", () => {
    expect(orderWithFirst([4, 2, 9, 5], 9)).toEqual([9, 4, 2, 5]);
    expect(orderWithFirst([4, 2], 4)).toEqual([4, 2]);
    expect(orderWithFirst([4, 2], 7)).toEqual([4, 2]);
  });
});

it("labels a photo for every colour", () => {
  expect(colorLabel(null)).toBe("All colours");
  expect(colorLabel("Gold")).toBe("Gold");
});
