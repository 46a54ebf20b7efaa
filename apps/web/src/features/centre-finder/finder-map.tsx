import type { Venue } from '@lido/contracts/venue';
import type { Feature, FeatureCollection, Point } from 'geojson';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { VenueAddress } from '../venues/index.ts';
import {
  clusterFlyToDurationMs,
  clusterMaxZoom,
  clusterRadius,
  defaultView,
  flyToDurationMs,
  narrowView,
  pinSelectMinZoom,
  searchThisAreaMinZoom,
} from './finder-constants.ts';
import { getFinderState, updateFinder, useFinderState } from './finder-store.ts';
import { venuesWithin } from './geo.ts';
import { centreFinderWords } from './words.ts';

maplibregl.setWorkerUrl(workerUrl);

type VenueFeature = Feature<Point, { id: number; name: string }>;

function venueFeatures(venues: Venue[]): FeatureCollection<Point, { id: number; name: string }> {
  return {
    type: 'FeatureCollection',
    features: venues.map((venue): VenueFeature => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [venue.lng, venue.lat] },
      properties: { id: venue.id, name: venue.name },
    })),
  };
}

function startView(): { center: [number, number]; zoom: number } {
  const width = window.innerWidth;
  if (width < 575)
    return { center: [defaultView.longitude, defaultView.latitude], zoom: defaultView.zoomMobile };
  if (width < 950) return { center: [narrowView.longitude, narrowView.latitude], zoom: narrowView.zoom };
  return { center: [defaultView.longitude, defaultView.latitude], zoom: defaultView.zoomDesktop };
}

/**
 * The centre map: an offline basemap (Natural Earth land), the centres clustered by MapLibre, and
 * pins and clusters drawn as HTML buttons so they can be reached by keyboard and read by screen readers.
 */
export default function FinderMap({
  venues,
  onSelect,
}: {
  venues: Venue[];
  onSelect: (venue: Venue) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const finder = useFinderState();
  const [zoom, setZoom] = useState(startView().zoom);
  const [selected, setSelected] = useState<Venue | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const view = startView();
    const map = new maplibregl.Map({
      container: container.current,
      style: {
        version: 8,
        sources: {
          land: { type: 'geojson', data: '/map/land.json' },
          venues: {
            type: 'geojson',
            data: venueFeatures(venues),
            cluster: true,
            clusterMaxZoom,
            clusterRadius,
          },
        },
        layers: [
          { id: 'sea', type: 'background', paint: { 'background-color': '#cfe3f2' } },
          {
            id: 'land',
            type: 'fill',
            source: 'land',
            paint: { 'fill-color': '#f4f1ea', 'fill-outline-color': '#8d99a6' },
          },
          // Invisible: the source must be used by a layer for its clusters to be computed.
          {
            id: 'venues-hit',
            type: 'circle',
            source: 'venues',
            paint: { 'circle-radius': 1, 'circle-opacity': 0 },
          },
        ],
      },
      center: view.center,
      zoom: view.zoom,
      attributionControl: { compact: true, customAttribution: centreFinderWords('attribution') },
      dragRotate: false,
      pitchWithRotate: false,
    });
    map.touchZoomRotate.disableRotation();
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    mapRef.current = map;

    const markers = new Map<string, maplibregl.Marker>();
    const byId = new Map(venues.map((venue) => [venue.id, venue]));
    const drawMarkers = () => {
      const source = map.getSource<maplibregl.GeoJSONSource>('venues');
      if (!source || !map.isSourceLoaded('venues')) return;
      const seen = new Set<string>();
      for (const feature of map.querySourceFeatures('venues')) {
        const properties = feature.properties as Record<string, unknown>;
        const [lng, lat] = (feature.geometry as Point).coordinates as [number, number];
        const isCluster = Boolean(properties.cluster);
        const key = isCluster ? `cluster-${String(properties.cluster_id)}` : `venue-${String(properties.id)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (markers.has(key)) continue;
        const button = document.createElement('button');
        button.type = 'button';
        if (isCluster) {
          const count = Number(properties.point_count);
          button.className = 'map-cluster';
          button.textContent = String(count);
          button.setAttribute('aria-label', centreFinderWords('cluster', { count }));
          button.addEventListener('click', async () => {
            // A cluster from a zoom level the map has since left has no expansion: zoom in two steps.
            const expansion = await source
              .getClusterExpansionZoom(Number(properties.cluster_id))
              .catch(() => map.getZoom() + 2);
            map.easeTo({
              center: [lng, lat],
              zoom: Math.max(expansion, map.getZoom() + 1),
              duration: clusterFlyToDurationMs,
            });
          });
        } else {
          const venue = byId.get(Number(properties.id));
          button.className = 'map-pin';
          button.setAttribute(
            'aria-label',
            venue ? centreFinderWords('pin', { centre: venue.name }) : centreFinderWords('centre'),
          );
          button.addEventListener('click', () => {
            if (!venue) return;
            setSelected(venue);
            // Zoomed in far enough, a pin also becomes the searched point, so the list follows it.
            if (map.getZoom() > pinSelectMinZoom) {
              updateFinder({
                searchedCoordinates: { latitude: venue.lat, longitude: venue.lng },
                searchTerm: venue.name,
                searchMessage: null,
              });
            }
          });
        }
        markers.set(key, new maplibregl.Marker({ element: button }).setLngLat([lng, lat]).addTo(map));
      }
      for (const [key, marker] of markers) {
        if (!seen.has(key)) {
          marker.remove();
          markers.delete(key);
        }
      }
    };
    map.on('data', (event) => {
      if ('sourceId' in event && event.sourceId === 'venues') drawMarkers();
    });
    map.on('moveend', drawMarkers);
    // Marks when the map has settled (tests and assistive scripts can wait on it).
    map.on('movestart', () => container.current?.setAttribute('data-idle', 'false'));
    map.on('idle', () => {
      drawMarkers();
      container.current?.setAttribute('data-idle', 'true');
    });
    map.on('zoomend', () => setZoom(map.getZoom()));
    return () => {
      markers.forEach((marker) => marker.remove());
      map.remove();
      mapRef.current = null;
    };
  }, [venues]);

  useEffect(() => {
    const map = mapRef.current;
    const point = finder.flyToLocation;
    if (!map || !point) return;
    // Nothing within the radius: the view takes in the nearest centre too, not an empty patch of
    // map (issue 34 item 7).
    const nearest = venuesWithin(venues, point, Number.POSITIVE_INFINITY)[0];
    if (nearest && nearest.distance > getFinderState().radius) {
      map.fitBounds(
        [
          [Math.min(point.longitude, nearest.lng), Math.min(point.latitude, nearest.lat)],
          [Math.max(point.longitude, nearest.lng), Math.max(point.latitude, nearest.lat)],
        ],
        { padding: 60, maxZoom: 10, duration: flyToDurationMs, essential: true },
      );
      return;
    }
    map.flyTo({
      center: [point.longitude, point.latitude],
      zoom: 10,
      duration: flyToDurationMs,
      essential: true,
    });
  }, [finder.flyToLocation, venues]);

  const searchThisArea = () => {
    const map = mapRef.current;
    if (!map) return;
    const center = map.getCenter();
    updateFinder({
      searchedCoordinates: { latitude: center.lat, longitude: center.lng },
      searchTerm: centreFinderWords('thisArea'),
      searchMessage: null,
    });
  };

  return (
    <div className="finder-map-wrapper">
      <div ref={container} className="finder-map" role="region" aria-label={centreFinderWords('map')} />
      {zoom > searchThisAreaMinZoom && (
        <Button variant="primary" size="md" className="finder-map__search-area" onClick={searchThisArea}>
          {centreFinderWords('searchThisArea')}
        </Button>
      )}
      {selected && (
        <div className="card card--selected finder-map__selected" aria-live="polite">
          <h3 className="card__title">{selected.name}</h3>
          <p className="card__meta">{selected.placeType}</p>
          <VenueAddress venue={selected} />
          {selected.displayVenueSelectionButton && (
            <Button variant="primary" size="md" onClick={() => onSelect(selected)}>
              {centreFinderWords('selectAndContinue')}
              <span className="visually-hidden">
                {' '}
                {centreFinderWords('withCentre', { centre: selected.name })}
              </span>
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
