#pragma once
// A small dense row-major matrix of doubles. The phase pipeline only needs products of matrices
// of a few dozen columns with vectors, so plain loops beat pulling in a linear-algebra library.
#include <cstddef>
#include <vector>

namespace clens {

struct Matrix {
    std::size_t rows = 0, cols = 0;
    std::vector<double> data;

    Matrix() = default;
    Matrix(std::size_t r, std::size_t c, double fill = 0.0) : rows(r), cols(c), data(r * c, fill) {}

    double& operator()(std::size_t r, std::size_t c) { return data[r * cols + c]; }
    double operator()(std::size_t r, std::size_t c) const { return data[r * cols + c]; }
    double* row(std::size_t r) { return data.data() + r * cols; }
    const double* row(std::size_t r) const { return data.data() + r * cols; }
    bool operator==(const Matrix&) const = default;
};

// out[i] += sum_j m(i,j) * x[j]
inline void addProduct(const Matrix& m, const double* x, double* out)
{
    for (std::size_t i = 0; i < m.rows; ++i) {
        const double* r = m.row(i);
        double s = 0;
        for (std::size_t j = 0; j < m.cols; ++j)
            s += r[j] * x[j];
        out[i] += s;
    }
}

// out[j] += sum_i m(i,j) * x[i]   (product with the transpose)
inline void addTransposedProduct(const Matrix& m, const double* x, double* out)
{
    for (std::size_t i = 0; i < m.rows; ++i) {
        const double* r = m.row(i);
        for (std::size_t j = 0; j < m.cols; ++j)
            out[j] += r[j] * x[i];
    }
}

// m(i,j) += scale * a[i] * b[j]
inline void addOuter(Matrix& m, double scale, const double* a, const double* b)
{
    for (std::size_t i = 0; i < m.rows; ++i) {
        double* r = m.row(i);
        const double s = scale * a[i];
        for (std::size_t j = 0; j < m.cols; ++j)
            r[j] += s * b[j];
    }
}

inline double squaredDistance(const double* a, const double* b, std::size_t n)
{
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double d = a[i] - b[i];
        s += d * d;
    }
    return s;
}

} // namespace clens
