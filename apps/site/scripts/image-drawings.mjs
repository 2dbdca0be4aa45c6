// The drawings of the image pool (packages/content image-pool.ts): one flat illustration per
// subject as SVG elements on a 1280×720 canvas, over a sky or a wall. generate-images.mjs renders them.

const W = 1280;
const H = 720;
const rect = (x, y, w, h, fill, extra = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
const circle = (cx, cy, r, fill, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
const poly = (points, fill, extra = '') => `<polygon points="${points}" fill="${fill}" ${extra}/>`;
const path = (d, fill, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`;
const ellipse = (cx, cy, rx, ry, fill, extra = '') => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`;
const repeat = (n, draw) => Array.from({ length: n }, (_, i) => draw(i)).join('');

/** A vertical gradient background, the scene's sky or wall. */
export function background(id, top, bottom) {
  return `<defs><linearGradient id="bg-${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>${rect(0, 0, W, H, `url(#bg-${id})`)}`;
}

const ground = (color, y = 560) => rect(0, y, W, H - y, color);
const sun = (cx = 1080, cy = 150, r = 70) => circle(cx, cy, r, '#ffd23f');
const cloud = (x, y, s = 1, fill = '#ffffff') =>
  `<g transform="translate(${x} ${y}) scale(${s})">${circle(0, 0, 50, fill)}${circle(60, -20, 65, fill)}${circle(130, 0, 50, fill)}${rect(0, 0, 130, 50, fill)}</g>`;
const building = (x, y, w, h, fill, windows = '#fdf6c7') =>
  rect(x, y, w, h, fill) + repeat(Math.floor(h / 70), (r) => repeat(Math.floor(w / 60), (c) => rect(x + 20 + c * 60, y + 20 + r * 70, 26, 36, windows)));

export const DRAWINGS = {
  'img-01': () =>
    background(1, '#8ecae6', '#e0f2fe') +
    ground('#a3a380') +
    poly('340,250 640,120 940,250', '#e9e4d4') +
    rect(360, 250, 560, 30, '#d6ccb0') +
    repeat(6, (i) => rect(390 + i * 90, 280, 40, 250, '#f5f0e1')) +
    rect(330, 530, 620, 40, '#cfc5a8'),
  'img-02': () =>
    background(2, '#fde68a', '#fff7ed') +
    rect(420, 330, 440, 300, '#1d4ed8') +
    rect(560, 310, 160, 20, '#1e3a8a') +
    poly('580,110 720,110 720,330 580,330', '#ffffff', 'transform="rotate(8 650 220)"') +
    rect(600, 160, 100, 10, '#94a3b8', 'transform="rotate(8 650 220)"') +
    rect(600, 190, 80, 10, '#94a3b8', 'transform="rotate(8 650 220)"'),
  'img-03': () =>
    background(3, '#bae6fd', '#f0f9ff') +
    ground('#86efac', 600) +
    rect(330, 200, 620, 400, '#f8fafc') +
    rect(580, 230, 120, 40, '#dc2626') +
    rect(620, 190, 40, 120, '#dc2626') +
    repeat(3, (r) => repeat(6, (c) => rect(370 + c * 95, 330 + r * 80, 50, 50, '#93c5fd'))),
  'img-04': () =>
    background(4, '#fef3c7', '#fffbeb') +
    rect(240, 140, 800, 420, '#166534') +
    rect(220, 120, 840, 30, '#92400e') +
    rect(220, 550, 840, 30, '#92400e') +
    path('M320 260 q60 -60 120 0 t120 0', 'none', 'stroke="#f8fafc" stroke-width="8"') +
    rect(320, 340, 300, 10, '#f8fafc') +
    rect(320, 390, 220, 10, '#f8fafc'),
  'img-05': () =>
    background(5, '#c7d2fe', '#eef2ff') +
    ground('#94a3b8', 620) +
    building(120, 240, 260, 380, '#b45309') +
    building(420, 160, 240, 460, '#64748b') +
    building(700, 280, 220, 340, '#be123c') +
    building(960, 200, 220, 420, '#0f766e'),
  'img-06': () =>
    background(6, '#15803d', '#16a34a') +
    rect(120, 80, 1040, 560, 'none', 'stroke="#f0fdf4" stroke-width="10"') +
    rect(635, 80, 10, 560, '#f0fdf4') +
    circle(640, 360, 100, 'none', 'stroke="#f0fdf4" stroke-width="10"') +
    rect(120, 230, 160, 260, 'none', 'stroke="#f0fdf4" stroke-width="10"') +
    rect(1000, 230, 160, 260, 'none', 'stroke="#f0fdf4" stroke-width="10"') +
    circle(820, 420, 34, '#ffffff', 'stroke="#111827" stroke-width="6"'),
  'img-07': () =>
    background(7, '#1e293b', '#334155') +
    rect(560, 120, 300, 200, '#f8fafc', 'stroke="#ef4444" stroke-width="8"') +
    rect(660, 200, 100, 70, 'none', 'stroke="#ef4444" stroke-width="6"') +
    path('M640 330 h140 l-20 120 h-100 z', 'none', 'stroke="#f8fafc" stroke-width="5"') +
    circle(420, 480, 90, '#ea580c') +
    path('M330 480 h180 M420 390 v180', 'none', 'stroke="#1c1917" stroke-width="6"'),
  'img-08': () =>
    background(8, '#7dd3fc', '#e0f2fe') +
    poly('0,560 300,260 560,520 860,220 1280,560', '#64748b') +
    poly('780,300 860,220 940,300', '#f8fafc') +
    path('M0 640 C 400 520, 800 700, 1280 600', 'none', 'stroke="#374151" stroke-width="60"') +
    repeat(
      3,
      (i) =>
        `<g transform="translate(${300 + i * 220} ${560 - i * 12})">${circle(0, 0, 38, 'none', 'stroke="#111827" stroke-width="8"')}${circle(100, 0, 38, 'none', 'stroke="#111827" stroke-width="8"')}${path('M0 0 L45 -60 L100 0 M45 -60 L60 -110', 'none', 'stroke="#dc2626" stroke-width="8"')}${circle(60, -130, 18, '#fbbf24')}</g>`,
    ),
  'img-09': () =>
    background(9, '#450a0a', '#7f1d1d') +
    rect(0, 560, W, 160, '#78350f') +
    path('M0 0 H560 C 500 200, 420 420, 380 560 H0 Z', '#b91c1c') +
    path('M1280 0 H720 C 780 200, 860 420, 900 560 H1280 Z', '#b91c1c') +
    rect(0, 0, W, 60, '#991b1b') +
    circle(640, 200, 120, '#fef3c7', 'opacity="0.25"'),
  'img-10': () =>
    background(10, '#78350f', '#92400e') +
    repeat(4, (r) => rect(80, 80 + r * 130, 1120, 16, '#451a03') + repeat(18, (i) => rect(100 + i * 60, 20 + r * 130, 44, 60 + (i % 3) * 6, ['#1d4ed8', '#b91c1c', '#15803d', '#a16207'][i % 4]))) +
    path('M340 620 Q 640 520 640 600 Q 640 520 940 620 L 940 700 Q 640 640 640 700 Q 640 640 340 700 Z', '#fefce8'),
  'img-11': () =>
    background(11, '#0f172a', '#312e81') +
    rect(0, 520, W, 200, '#1e1b4b') +
    repeat(5, (i) => poly(`${200 + i * 220},0 ${140 + i * 220},520 ${260 + i * 220},520`, '#fde68a', 'opacity="0.18"')) +
    repeat(3, (i) => circle(440 + i * 200, 430, 40, '#a5b4fc') + rect(420 + i * 200, 470, 40, 60, '#a5b4fc')),
  'img-12': () =>
    background(12, '#e2e8f0', '#f8fafc') +
    ground('#a8a29e', 600) +
    rect(160, 360, 560, 240, '#78716c') +
    poly('160,360 300,280 300,360 440,280 440,360 580,280 580,360', '#57534e') +
    rect(620, 180, 50, 200, '#57534e') +
    circle(660, 140, 40, '#cbd5e1') +
    path('M780 520 L900 430 L980 470 L1120 300', 'none', 'stroke="#16a34a" stroke-width="18"') +
    poly('1120,300 1080,300 1120,340', '#16a34a'),
  'img-13': () =>
    background(13, '#fef9c3', '#fefce8') +
    path('M300 360 H800 L740 620 H360 Z', '#b45309') +
    path('M380 360 Q 550 160 720 360', 'none', 'stroke="#92400e" stroke-width="18"') +
    circle(420, 320, 40, '#dc2626') +
    circle(520, 300, 44, '#f97316') +
    circle(640, 320, 40, '#65a30d') +
    repeat(4, (i) => `<ellipse cx="${960}" cy="${600 - i * 30}" rx="110" ry="26" fill="#eab308" stroke="#a16207" stroke-width="5"/>`),
  'img-14': () =>
    background(14, '#93c5fd', '#dbeafe') +
    rect(0, 520, W, 200, '#1d4ed8') +
    rect(0, 480, W, 40, '#6b7280') +
    repeat(3, (i) => rect(200 + i * 300, 140, 20, 340, '#f59e0b') + rect(200 + i * 300, 140, 200, 20, '#f59e0b')) +
    repeat(8, (i) => rect(120 + i * 130, 420, 120, 60, ['#dc2626', '#2563eb', '#16a34a', '#f97316'][i % 4])),
  'img-15': () =>
    background(15, '#0c4a6e', '#075985') +
    circle(640, 360, 260, '#0ea5e9') +
    path('M520 200 q 80 60 40 140 q -40 80 40 140 M760 180 q -60 100 20 180 q 60 60 0 140', 'none', 'stroke="#22c55e" stroke-width="40" stroke-linecap="round"') +
    ellipse(640, 360, 120, 260, 'none', 'stroke="#e0f2fe" stroke-width="4"') +
    path('M380 360 H900', 'none', 'stroke="#e0f2fe" stroke-width="4"'),
  'img-16': () =>
    background(16, '#bfdbfe', '#eff6ff') +
    ground('#94a3b8', 600) +
    building(300, 240, 680, 360, '#e2e8f0', '#60a5fa') +
    repeat(5, (i) => rect(180 + i * 230, 200, 10, 400, '#475569') + rect(190 + i * 230, 200, 110, 70, ['#1d4ed8', '#dc2626', '#facc15', '#16a34a', '#7c3aed'][i])),
  'img-17': () =>
    background(17, '#7dd3fc', '#e0f2fe') +
    poly('0,300 300,180 560,320 900,160 1280,320 1280,720 0,720', '#a16207') +
    path('M180 520 Q 640 380 1100 520 L 1100 600 Q 640 700 180 600 Z', '#0284c7') +
    rect(560, 300, 160, 260, '#9ca3af') +
    path('M180 470 Q 640 330 1100 470', 'none', 'stroke="#fde68a" stroke-width="14" stroke-dasharray="20 14"'),
  'img-18': () =>
    background(18, '#64748b', '#94a3b8') +
    ground('#84cc16', 520) +
    repeat(6, (i) => rect(0, 560 + i * 28, W, 10, '#65a30d')) +
    cloud(220, 160, 1.6, '#475569') +
    cloud(700, 120, 1.9, '#334155') +
    repeat(24, (i) => rect(240 + (i % 12) * 70, 300 + Math.floor(i / 12) * 90, 6, 50, '#bae6fd', `transform="rotate(15 ${240 + (i % 12) * 70} 300)"`)),
  'img-19': () =>
    background(19, '#38bdf8', '#e0f2fe') +
    sun(1080, 140, 70) +
    poly('0,620 260,260 420,460 640,180 900,470 1060,300 1280,620', '#64748b') +
    poly('220,315 260,260 300,315', '#ffffff') +
    poly('590,250 640,180 690,250', '#ffffff') +
    poly('1020,355 1060,300 1100,355', '#ffffff') +
    ground('#f8fafc', 600),
  'img-20': () =>
    background(20, '#38bdf8', '#bae6fd') +
    sun(980, 170, 90) +
    rect(0, 380, W, 180, '#0ea5e9') +
    path('M0 380 q 80 -20 160 0 t 160 0 t 160 0 t 160 0 t 160 0 t 160 0 t 160 0 t 160 0', 'none', 'stroke="#e0f2fe" stroke-width="8"') +
    ground('#fcd34d', 540) +
    path('M260 620 l 120 -220 l 120 220 z', '#ef4444'),
  'img-21': () =>
    background(21, '#1f2937', '#111827') +
    rect(160, 140, 520, 320, '#0ea5e9') +
    rect(180, 160, 480, 280, '#075985') +
    rect(300, 460, 240, 30, '#374151') +
    rect(800, 260, 220, 150, '#4b5563') +
    circle(1030, 335, 60, '#111827', 'stroke="#9ca3af" stroke-width="10"') +
    poly('880,410 940,410 980,640 840,640', '#6b7280') +
    circle(880, 240, 16, '#ef4444'),
  'img-22': () =>
    background(22, '#ede9fe', '#f5f3ff') +
    rect(540, 120, 200, 320, '#374151', 'rx="100"') +
    repeat(6, (i) => rect(560, 180 + i * 36, 160, 8, '#6b7280')) +
    path('M480 360 Q 480 520 640 520 Q 800 520 800 360', 'none', 'stroke="#374151" stroke-width="18"') +
    rect(630, 520, 20, 120, '#374151') +
    rect(540, 630, 200, 24, '#374151') +
    path('M900 260 q 40 80 0 160 M960 220 q 70 120 0 240', 'none', 'stroke="#7c3aed" stroke-width="14"'),
  'img-23': () =>
    background(23, '#f1f5f9', '#e2e8f0') +
    rect(340, 150, 600, 380, '#1f2937') +
    rect(370, 180, 540, 320, '#f8fafc') +
    path('M400 440 L520 360 L600 400 L720 280 L860 300', 'none', 'stroke="#2563eb" stroke-width="14"') +
    repeat(4, (i) => rect(420 + i * 110, 460 - i * 40, 60, 30 + i * 40, '#93c5fd')) +
    poly('260,560 1020,560 940,530 340,530', '#374151'),
  'img-24': () =>
    background(24, '#bae6fd', '#f0f9ff') +
    poly('0,720 0,560 1280,560 1280,720', '#65a30d') +
    rect(0, 330, W, 30, '#78716c') +
    repeat(6, (i) => path(`M${i * 230} 720 V 470 A 115 115 0 0 1 ${i * 230 + 230} 470 V 720 H ${i * 230 + 200} V 480 A 85 85 0 0 0 ${i * 230 + 30} 480 V 720 Z`, '#a8a29e')) +
    rect(240, 250, 700, 80, '#dc2626', 'rx="30"') +
    repeat(7, (i) => rect(280 + i * 90, 268, 60, 30, '#e0f2fe')),
};

export const CANVAS = { width: W, height: H };
