// Lists what the bucket holds, refreshed whenever the uploader reports a finished file.
const list = document.getElementById('uploads');
const empty = document.getElementById('uploads-empty');
const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'];

/** `11 bytes`, `34.2 kB`, `1.2 GB`: the largest unit that keeps the number at 1 or more. */
function formatSize(bytes) {
  const exponent = Math.min(SIZE_UNITS.length - 1, bytes > 0 ? Math.floor(Math.log10(bytes) / 3) : 0);
  const unit = SIZE_UNITS[exponent];
  return new Intl.NumberFormat(undefined, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: 1 }).format(
    bytes / 1000 ** exponent,
  );
}

function renderUpload(file) {
  const item = document.createElement('li');
  item.dataset.key = file.key;
  const link = document.createElement('a');
  link.href = file.downloadUrl;
  link.textContent = file.key;
  const size = document.createElement('span');
  size.className = 'size';
  size.textContent = formatSize(file.size);
  item.append(link, size);
  return item;
}

let latestRefresh = 0;

/** Two files finishing together start two listings; only the newest may draw, whichever answers last. */
async function refreshUploads() {
  const refresh = ++latestRefresh;
  const response = await fetch('/api/files');
  if (!response.ok) return;
  const { files } = await response.json();
  if (refresh !== latestRefresh) return;
  list.replaceChildren(...files.map(renderUpload));
  empty.hidden = files.length > 0;
}

document.getElementById('uploader').addEventListener('svc-file-upload-complete', refreshUploads);
refreshUploads();
