// The reference for LayoutBench's `huge-nested` shapes: the same trees in Yoga (a column
// container of 10 children per level, leaves of fixed 10×10, a root as wide as LayoutBench's
// and as tall as its leaves), laid out fresh per iteration, measured the same way: three
// sweeps over the shapes, the median full layout per shape, warm (right after building)
// and with the caches evicted first. Built against a Yoga checkout by
// scripts/bench-layout-yoga.sh; not part of the package.
#include <yoga/Yoga.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace {

YGConfigRef config;
int nodes;

YGNodeRef make(int level, int levels) {
  nodes++;
  YGNodeRef node = YGNodeNewWithConfig(config);
  if (level == levels) {
    YGNodeStyleSetWidth(node, 10);
    YGNodeStyleSetHeight(node, 10);
    return node;
  }
  YGNodeStyleSetFlexDirection(node, YGFlexDirectionColumn);
  for (int index = 0; index < 10; index++) {
    YGNodeInsertChild(node, make(level + 1, levels), index);
  }
  return node;
}

// Three times this machine's 32 MiB last-level cache, one word written per line.
std::vector<unsigned long> evictionBuffer(96 << 17);

void evictCaches() {
  for (size_t index = 0; index < evictionBuffer.size(); index += 8) evictionBuffer[index]++;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

struct Shape {
  const char* name;
  int levels;
  int iterations;
  bool evictsCaches;
  std::vector<double> full;
  int nodes = 0;
};

}  // namespace

int main() {
  config = YGConfigNew();
  std::vector<Shape> shapes = {
      {"huge-nested-10k", 4, 11, false},
      {"huge-nested-100k", 5, 5, false},
      {"huge-nested-10k-cold", 4, 11, true},
      {"huge-nested-100k-cold", 5, 5, true},
  };
  const int sweeps = 3;
  for (int sweep = 0; sweep < sweeps; sweep++) {
    for (auto& shape : shapes) {
      int share = shape.iterations / sweeps + (sweep < shape.iterations % sweeps ? 1 : 0);
      for (int iteration = 0; iteration < share; iteration++) {
        nodes = 0;
        YGNodeRef top = make(0, shape.levels);
        int leaves = 1;
        for (int level = 0; level < shape.levels; level++) leaves *= 10;
        YGNodeRef root = YGNodeNewWithConfig(config);
        YGNodeStyleSetWidth(root, 1000);
        YGNodeStyleSetHeight(root, leaves * 10.0f);
        YGNodeInsertChild(root, top, 0);
        nodes++;
        shape.nodes = nodes;
        if (shape.evictsCaches) evictCaches();
        auto start = std::chrono::steady_clock::now();
        YGNodeCalculateLayout(root, YGUndefined, YGUndefined, YGDirectionLTR);
        auto end = std::chrono::steady_clock::now();
        shape.full.push_back(std::chrono::duration<double, std::milli>(end - start).count());
        YGNodeFreeRecursive(root);
      }
    }
  }
  for (auto& shape : shapes) {
    double full = median(shape.full);
    printf("{\"shape\":\"%s\",\"nodes\":%d,\"full_ms\":%.3f}\n", shape.name, shape.nodes, full);
  }
  return 0;
}
