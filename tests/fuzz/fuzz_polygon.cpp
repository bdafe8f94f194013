// libFuzzer target: measurePolygon with hostile rings (raw doubles, grid points, collinear and
// repeated points, holes anywhere), transform2D and combine2D of what it returns. Every outcome
// carries a status the 2-D functions may return; an ok plate is finite and physical (positive
// area and mass, mass = density * area, a symmetric positive semidefinite tensor whose principal
// moments ascend and add up to the polar moment, unit orthogonal axes); the same rings wound the
// other way give the same plate; a quarter turn swaps the moments; combining a plate with
// itself doubles it.
#include <vector>

#include "fuzz_common.h"

namespace {

using namespace fuzz;

// A ring of up to 32 points: raw doubles, or points of a 1/4 grid (often simple and valid).
std::vector<double> makeRing(Bytes& in) {
    const std::uint8_t head = in.u8();
    const std::size_t count = (head & 63) % 33;
    const bool grid = head & 64;
    std::vector<double> ring;
    for (std::size_t k = 0; k < count; ++k) {
        if (grid) {
            ring.push_back(static_cast<std::int8_t>(in.u8()) * 0.25);
            ring.push_back(static_cast<std::int8_t>(in.u8()) * 0.25);
        } else {
            ring.push_back(in.number());
            ring.push_back(in.number());
        }
    }
    if (head & 128 && !ring.empty()) ring.pop_back();  // an odd length now and then
    return ring;
}

std::vector<double> reversed(const std::vector<double>& ring) {
    std::vector<double> out;
    for (std::size_t i = ring.size(); i >= 2; i -= 2) out.insert(out.end(), {ring[i - 2], ring[i - 1]});
    return out;
}

Result2D measure(const std::vector<double>& outer, const std::vector<std::vector<double>>& holes,
                 const MassOptions& options) {
    PolygonView view;
    view.outer = {outer.data(), outer.size()};
    for (const auto& h : holes) view.holes.push_back({h.data(), h.size()});
    return measurePolygon(view, options);
}

Body2D toBody(const MassProperties2D& v) {
    Body2D b;
    b.mass = v.mass;
    b.area = v.area;
    b.centroid = v.centroid;
    b.inertia = v.inertia;
    return b;
}

void checkPlate(const MassProperties2D& v, const char* where) {
    const std::string w = where;
    FUZZ_REQUIRE(isFinite(v.mass) && v.mass > 0 && isFinite(v.area) && v.area > 0, w + ": mass " + num(v.mass));
    FUZZ_REQUIRE(isFinite(v.density) && v.density > 0, w + ": density " + num(v.density));
    // density against mass / area: density * area overflows for a mass near DBL_MAX.
    FUZZ_REQUIRE(std::abs(v.density - v.mass / v.area) <= 1e-12 * v.density,
                 w + ": mass " + num(v.mass) + " != density " + num(v.density) + " * area " + num(v.area));
    FUZZ_REQUIRE(allFinite(v.centroid) && allFinite(v.inertia) && isFinite(v.polarMoment), w + ": not finite");
    FUZZ_REQUIRE(v.inertia[1] == v.inertia[2], w + ": not symmetric");
    FUZZ_REQUIRE(v.inertia[0] >= 0 && v.inertia[3] >= 0, w + ": negative moment");
    const double polar = v.polarMoment;
    FUZZ_REQUIRE(polar > 0, w + ": polar moment " + num(polar));
    FUZZ_REQUIRE(v.principalMoments[0] >= 0 && v.principalMoments[0] <= v.principalMoments[1],
                 w + ": moments " + num(v.principalMoments[0]) + " " + num(v.principalMoments[1]));
    FUZZ_REQUIRE(std::abs(v.principalMoments[0] + v.principalMoments[1] - polar) <= 1e-12 * polar,
                 w + ": moments " + num(v.principalMoments[0]) + " + " + num(v.principalMoments[1]) + " != " +
                     num(polar) + " tensor " + num(v.inertia[0]) + " " + num(v.inertia[1]) + " " + num(v.inertia[3]));
    const Vec2 a = v.principalAxes[0], b = v.principalAxes[1];
    FUZZ_REQUIRE(std::abs(a[0] * a[0] + a[1] * a[1] - 1) <= 1e-14 && std::abs(a[0] * b[0] + a[1] * b[1]) <= 1e-14 &&
                     b[0] == -a[1] && b[1] == a[0],
                 w + ": axes not a right-handed unit frame");
    FUZZ_REQUIRE(v.principalAngle > -1.5707963267948967 && v.principalAngle <= 1.5707963267948967,
                 w + ": angle " + num(v.principalAngle));
}

bool close(double a, double b, double scale, double tolerance) { return std::abs(a - b) <= tolerance * scale; }

// How much the signed triangles of the outline cancel: sum |c| / |sum c| about its box center.
// Only well-conditioned rings must give the same sums in either order to a tight tolerance.
double cancellation(const std::vector<double>& ring) {
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (std::size_t k = 0; k < ring.size(); ++k)
        lo[k % 2] = std::min(lo[k % 2], ring[k]), hi[k % 2] = std::max(hi[k % 2], ring[k]);
    const double cx = 0.5 * lo[0] + 0.5 * hi[0], cy = 0.5 * lo[1] + 0.5 * hi[1];
    double sum = 0, magnitude = 0;
    const std::size_t n = ring.size() / 2;
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t j = (i + 1) % n;
        const double c = (ring[2 * i] - cx) * (ring[2 * j + 1] - cy) - (ring[2 * j] - cx) * (ring[2 * i + 1] - cy);
        sum += c;
        magnitude += std::abs(c);
    }
    return magnitude / std::abs(sum);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Bytes in(data, size);
    const MassOptions options = in.massOptions();
    const std::vector<double> outer = makeRing(in);
    std::vector<std::vector<double>> holes(in.u8() % 4);
    for (auto& h : holes) h = makeRing(in);

    const Result2D r = measure(outer, holes, options);
    trace("measurePolygon", r);
    checkStatus(r,
                {Status::InvalidLength, Status::NonFinitePosition, Status::ZeroVolume, Status::InvalidDensity,
                 Status::InvalidMass, Status::InvalidBody, Status::InvalidDimension},
                "measurePolygon");
    if (!r.ok()) return 0;
    checkPlate(r.value, "measurePolygon");

    // The other winding of every ring: the same plate (its sums run in another order).
    std::vector<std::vector<double>> flippedHoles;
    for (const auto& h : holes) flippedHoles.push_back(reversed(h));
    const Result2D f = measure(reversed(outer), flippedHoles, options);
    if (f.ok() && holes.empty() && cancellation(outer) < 16) {
        const double polar = r.value.polarMoment;
        FUZZ_REQUIRE(close(f.value.area, r.value.area, r.value.area, 1e-9), "winding changed the area");
        FUZZ_REQUIRE(close(f.value.polarMoment, polar, polar, 1e-9), "winding changed the polar moment");
    }

    // A quarter turn swaps the moments about x and y; combining a plate with itself doubles it.
    const Result2D turned = transform2D(toBody(r.value), {{0, 0}, 1.5707963267948966});
    checkStatus(turned, {Status::InvalidTransform, Status::InvalidBody}, "transform2D");
    if (turned.ok()) {
        checkPlate(turned.value, "transform2D");
        const double polar = r.value.polarMoment;
        FUZZ_REQUIRE(close(turned.value.inertia[0], r.value.inertia[3], polar, 1e-12), "turn did not swap moments");
    }
    const Result2D twice = combine2D({{toBody(r.value), false}, {toBody(r.value), false}});
    checkStatus(twice, {Status::InvalidBody}, "combine2D");
    if (twice.ok()) {
        checkPlate(twice.value, "combine2D");
        FUZZ_REQUIRE(close(twice.value.mass, 2 * r.value.mass, r.value.mass, 1e-15), "combine did not double");
    }
    return 0;
}
