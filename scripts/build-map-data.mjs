// Builds the offline basemap: land polygons of Great Britain, Ireland and their neighbours from
// Natural Earth (the world-atlas package), as GeoJSON the map loads as a static file. Run by the
// web build; no tile server or internet is needed at run time.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const world = require('world-atlas/countries-50m.json');
// ISO 3166 numeric ids: UK, Ireland, Isle of Man, Guernsey, Jersey, France, Belgium, Netherlands, Norway, Denmark.
const keep = new Set(['826', '372', '833', '831', '832', '250', '056', '528', '578', '208']);

// Only the parts near the British Isles (France's overseas territories are dropped, for instance).
const bounds = { west: -12, south: 47, east: 12, north: 62 };
const near = (ring) =>
  ring.some(
    ([lng, lat]) => lng >= bounds.west && lng <= bounds.east && lat >= bounds.south && lat <= bounds.north,
  );
function clip(geometry) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  // Three decimals (about 100 m) is finer than this resolution of coastline needs.
  const round = (ring) =>
    ring.map(([lng, lat]) => [Math.round(lng * 1000) / 1000, Math.round(lat * 1000) / 1000]);
  return {
    type: 'MultiPolygon',
    coordinates: polygons.filter((polygon) => near(polygon[0])).map((polygon) => polygon.map(round)),
  };
}

const countries = feature(world, world.objects.countries);
const land = {
  type: 'FeatureCollection',
  features: countries.features
    .filter((country) => keep.has(country.id))
    .map((country) => ({
      type: 'Feature',
      id: Number(country.id),
      properties: { name: country.properties.name },
      geometry: clip(country.geometry),
    }))
    .filter((country) => country.geometry.coordinates.length > 0),
};

const out = path.resolve(import.meta.dirname, '../apps/web/public/map/land.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(land));
console.log(
  `basemap: ${land.features.length} countries, ${(fs.statSync(out).size / 1024).toFixed(0)} KB -> ${path.relative(process.cwd(), out)}`,
);
